"""The web page in a real browser (Debian's Chromium driven by Playwright), as a user meets it: pick an
example, solve it and see the tree, fold a branch, play a game to the end, see where a puzzle is wrong.

Chromium must be installed (`apt-get install chromium`; the README's test command does it). Without
it these tests fail and say so: they never skip silently.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest
from playwright.sync_api import expect

from web_server import Server

CHROMIUM_NAMES = ("chromium", "chromium-browser")


def chromium() -> str:
    """Return the path of Chromium's executable, or fail the test saying how to install it."""
    path = os.environ.get("SMULLYAN_CHROMIUM") or next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)
    if not path:
        pytest.fail("Chromium is not installed, so the browser tests cannot run: install it with "
                    "`apt-get install chromium` (the README's test command does this), or point SMULLYAN_CHROMIUM at it")
    return path


@pytest.fixture(scope="module")
def server():
    s = Server("--workers", "3")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    path = chromium()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server.url + "/")
    yield pg
    context.close()
    assert errors == []


def choose(page, example: str) -> None:
    page.select_option("#example", example)
    expect(page.locator("#puzzle")).to_have_value(re.compile(r"\S{3}"))  # CSP forbids eval: no wait_for_function


def test_solving_the_classic_puzzle_draws_eight_leaves_and_folds(page, tmp_path):
    choose(page, "hardest")
    page.click("#solve")
    page.wait_for_selector(".tree svg")
    assert page.locator(".tree svg g.leaf").count() == 8
    assert "Solvable in 3 questions" in page.inner_text("#result")
    assert "12 worlds remain" in page.locator(".tree svg g#n0 > title").text_content()
    page.click(".tree svg g#n1")  # fold the first branch: its 4 leaves disappear
    assert page.locator(".tree svg g.leaf:visible").count() == 4
    page.click(".tree svg g#n1")
    assert page.locator(".tree svg g.leaf:visible").count() == 8
    for link in ("#dl-json", "#dl-toml", "#dl-svg"):
        assert page.locator(link).get_attribute("href").startswith("blob:")
    with page.expect_download() as download:
        page.click("#dl-svg")
    saved = tmp_path / "strategy.svg"
    download.value.save_as(saved)
    assert saved.read_text().count('class="leaf"') == 8
    shot = tmp_path / "solved.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    keep = os.environ.get("SMULLYAN_SCREENSHOTS")
    if keep:
        shutil.copy(shot, os.path.join(keep, "solved.png"))


def test_a_malformed_puzzle_shows_the_marker_at_its_line_and_column(page):
    page.fill("#puzzle", 'agents = ["A", "B"]\ntypes = ["truthful", "wizard"]\n')
    page.click("#solve")
    marker = page.wait_for_selector("mark.error-marker")
    assert (marker.get_attribute("data-line"), marker.get_attribute("data-column")) == ("2", "1")
    assert page.inner_text("#error").startswith("Key 'types[1]': unknown type 'wizard'") or \
        page.inner_text("#error").startswith("Line 2, column 1: unknown type 'wizard'")
    page.fill("#puzzle", "Knights always tell the truth. A says that B is a flurb.")
    assert page.locator("mark.error-marker").count() == 0  # editing clears the marker
    page.click("#solve")
    marker = page.wait_for_selector("mark.error-marker")
    assert (marker.get_attribute("data-line"), marker.get_attribute("data-column")) == ("1", "51")
    assert marker.inner_text() == "f"
    assert page.inner_text("#error") == "line 1, column 51: unknown role word 'flurb'; the puzzle's roles are knight"


def test_english_knights_and_knaves_show_worlds_and_answers(page):
    choose(page, "smullyan_truth_tellers")
    page.click("#solve")
    page.wait_for_selector(".report.deduction")
    assert "consistent world" in page.inner_text("#result")


def test_playing_as_the_asker_to_the_end(page):
    choose(page, "hardest")
    page.click("[data-tab=play]")
    page.click("#play-form button[type=submit]")
    page.wait_for_selector(".game form[data-play=ask]")
    for n in range(1, 4):
        page.click(".game button[data-play=hint]")
        page.wait_for_selector(".game .hint")
        question = page.inner_text(".game .hint").removeprefix("Hint: ").split(" (")[0]
        page.fill(".game form[data-play=ask] input", question)
        page.press(".game form[data-play=ask] input", "Enter")
        expect(page.locator(".game .moves li")).to_have_count(n)
    page.fill(".game form[data-play=guess] input", "A is truthful, B is a liar, C is random")
    page.click(".game form[data-play=guess] button")
    ending = page.wait_for_selector(".game .ending")
    assert ending.inner_text().startswith(("Right", "Wrong"))


def test_playing_as_the_gods_to_the_end(page):
    choose(page, "hardest")
    page.click("[data-tab=play]")
    page.check("#play-form input[value=answer]")
    page.click("#play-form button[type=submit]")
    for _ in range(3):
        page.wait_for_selector(".game button[data-word=ja]")
        count = page.locator(".game .moves li").count()
        page.click(".game button[data-word=ja]")
        expect(page.locator(".game .moves li")).to_have_count(count + 1)
    ending = page.wait_for_selector(".game .ending")
    assert ending.inner_text().startswith("You are thinking of: A is a liar, B is random, C is truthful.")


def test_verify_shows_the_verdict_of_the_solved_strategy(page):
    choose(page, "hardest")
    page.click("#solve")
    page.wait_for_selector(".tree svg")
    page.click("[data-tab=verify]")
    page.click("#use-solved")
    page.click("#verify")
    page.wait_for_selector(".report.verdict")
    assert page.inner_text("#verdict").startswith("OK: the strategy identifies the goal in all 12 worlds")
    page.fill("#strategy", '{"ask": 3}')
    page.click("#verify")
    page.wait_for_selector("#verdict .error")
    assert page.inner_text("#verdict") == "Key 'strategy.ask': must be a string, got a whole number (3)"


def test_a_share_link_reopens_the_puzzle(page, browser):
    text = 'Knights always tell the truth and knaves always lie. You meet Al. Al says "I am a knight or ‘Bo’ is."'
    page.fill("#puzzle", text)
    page.click("#share")
    link = page.input_value("#share-link")
    other = browser.new_page()
    other.goto(link)
    assert other.input_value("#puzzle") == text
    other.close()


def test_the_page_fits_a_phone_and_loads_nothing_from_elsewhere(browser, server, tmp_path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg = context.new_page()
    requested: list[str] = []
    pg.on("request", lambda r: requested.append(r.url))
    pg.goto(server.url + "/")
    choose(pg, "hardest")
    pg.click("#solve")
    pg.wait_for_selector(".tree svg")
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    pg.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    context.close()
    assert requested and all(u.startswith(server.url) or u.startswith("blob:") for u in requested), requested
