"""The web face: `smullyan serve` — one page and a JSON API over the public Python API.

Modules: `app` (the Starlette app: routes, size cap, queue, game states, HTTP statuses), `pool`
(worker processes with time and memory limits), `worker` (a worker's main loop), `jobs` (each API
call a worker makes, mapped to the exit contract; its HTML fragments are `render.web`), `schema` (request
bodies and the OpenAPI description); `page.html` and `static/` are the page and its assets.
Starlette and uvicorn are imported only when a server starts.
"""
