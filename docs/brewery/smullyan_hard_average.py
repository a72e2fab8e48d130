"""
BoolosBrewery hard variant: a strategy written by smullyan for Boolos' Brewery, hard variant.
It asks at most 6 questions, at most 1 of them to the engineer.
An answer that cannot occur raises AssertionError.
"""

from strats import *


class Strategy(Hard):
    engg_question_limit = 1

    def solve(self):
        r1 = self.get_response(Alice.ask(Expr('(Bob studies Phys and Charlie studies Phil and ("Mathematician: true?" is foo) and ("Mathematician: false?" is bar)) or (Bob studies Phys and Charlie studies Phil and ("Philosopher: true?" is foo) and ("Mathematician: true?" is bar)) or (Alice studies Math and Dan studies Engg and ("Mathematician: false?" is foo) and ("Philosopher: true?" is bar)) or (Alice studies Math and Charlie studies Engg and ("Mathematician: true?" is foo) and ("Philosopher: true?" is bar)) or (Alice studies Math and Charlie studies Engg and ("Mathematician: false?" is foo) and ("Mathematician: true?" is bar)) or (Bob studies Phys and Charlie studies Engg and ("Philosopher: true?" is foo) and ("Mathematician: false?" is bar)) or (Bob studies Phil and Charlie studies Phys and ("Mathematician: false?" is foo)) or (Bob studies Phil and Charlie studies Phys and ("Mathematician: true?" is baz)) or (Bob studies Phil and Dan studies Phys and ("Mathematician: true?" is bar)) or (Bob studies Engg and Charlie studies Phys and ("Mathematician: true?" is foo) and ("Mathematician: false?" is bar)) or (Bob studies Engg and Charlie studies Phys and ("Philosopher: true?" is foo) and ("Mathematician: true?" is bar)) or (Charlie studies Phys and ("Mathematician: false?" is foo) and ("Philosopher: true?" is bar)) or (Dan studies Phys and ("Mathematician: true?" is foo) and ("Philosopher: true?" is bar)) or (Dan studies Phys and ("Mathematician: false?" is foo) and ("Mathematician: true?" is bar)) or (Bob studies Engg and Dan studies Phys and ("Philosopher: true?" is foo) and ("Mathematician: false?" is bar)) or (Alice studies Phys and Dan studies Engg and ("Mathematician: true?" is foo) and ("Philosopher: true?" is bar)) or (Alice studies Phys and Dan studies Engg and ("Mathematician: false?" is foo) and ("Mathematician: true?" is bar)) or (Bob studies Math and Charlie studies Phil and ("Philosopher: true?" is foo) and ("Mathematician: false?" is bar)) or (Alice studies Phys and Charlie studies Engg and ("Mathematician: true?" is foo) and ("Mathematician: false?" is bar)) or (Bob studies Math and Charlie studies Engg and ("Philosopher: true?" is foo) and ("Mathematician: true?" is bar)) or (Alice studies Phys and Charlie studies Engg and ("Mathematician: false?" is foo) and ("Philosopher: true?" is bar)) or (Bob studies Phil and Charlie studies Math and ("Mathematician: true?" is bar)) or (Bob studies Phil and Dan studies Math and ("Mathematician: false?" is bar)) or (Charlie studies Math and ("Mathematician: true?" is foo) and ("Philosopher: true?" is bar)) or (Charlie studies Math and ("Mathematician: false?" is foo) and ("Mathematician: true?" is bar)) or (Bob studies Engg and Charlie studies Math and ("Philosopher: true?" is foo) and ("Mathematician: false?" is bar)) or (Dan studies Math and ("Mathematician: true?" is foo) and ("Mathematician: false?" is bar)) or (Bob studies Engg and Dan studies Math and ("Philosopher: true?" is foo) and ("Mathematician: true?" is bar)) or (Dan studies Math and ("Mathematician: false?" is foo) and ("Philosopher: true?" is bar))')))
        if r1 == Foo:
            r2 = self.get_response(Dan.ask(Expr('(Charlie studies Engg and Dan studies Phys and ("Mathematician: true?" is baz)) or (Bob studies Engg and Dan studies Phys and ("Mathematician: false?" is baz)) or (Charlie studies Engg and Dan studies Math and ("Mathematician: false?" is baz)) or (Bob studies Engg and Dan studies Math and ("Mathematician: true?" is baz)) or (Charlie studies Phil and ("Mathematician: true?" is bar)) or (Bob studies Math and ("Mathematician: false?" is foo)) or (Bob studies Phys and ("Mathematician: false?" is baz)) or (Charlie studies Math and ("Mathematician: false?" is baz)) or (Charlie studies Math and ("Mathematician: true?" is bar)) or (Charlie studies Phys and ("Mathematician: true?" is foo) and ("Mathematician: false?" is bar)) or (Alice studies Engg and ("Philosopher: true?" is foo) and ("Mathematician: true?" is bar)) or (Charlie studies Phys and ("Mathematician: false?" is foo) and ("Philosopher: true?" is bar))')))
            if r2 == Foo:
                r3 = self.get_response(Bob.ask(Expr('(Charlie studies Phil and ("Mathematician: false?" is bar)) or (Bob studies Math and ("Mathematician: false?" is bar)) or (Charlie studies Math and ("Mathematician: true?" is bar)) or (Bob studies Math and ("Mathematician: true?" is foo)) or (Dan studies Math and ("Mathematician: false?" is foo))')))
                if r3 == Foo:
                    r4 = self.get_response(Bob.ask(Expr('"Bob: Dan studies Phys?" is foo')))
                    if r4 == Foo:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Phys
                    elif r4 == Bar:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Engg
                    else:  # baz
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Math
                elif r3 == Bar:
                    r4 = self.get_response(Alice.ask(Expr('"Mathematician: false?" is foo')))
                    if r4 == Foo:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Math
                    elif r4 == Bar:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Engg
                    else:  # baz
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phys
                else:  # baz
                    r4 = self.get_response(Charlie.ask(Expr('(Alice studies Phys and ("Mathematician: true?" is foo)) or (Alice studies Phil and Bob studies Math and ("Mathematician: true?" is bar)) or (Alice studies Phil and Bob studies Phys and ("Mathematician: false?" is bar)) or (Alice studies Engg and Bob studies Math and ("Mathematician: false?" is bar)) or (Alice studies Engg and Charlie studies Math and ("Mathematician: true?" is bar)) or (Alice studies Engg and ("Mathematician: false?" is foo))')))
                    if r4 == Foo:
                        r5 = self.get_response(Charlie.ask(Expr('"Mathematician: true?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Math
                        else:
                            raise AssertionError('smullyan: this answer cannot occur')
                    elif r4 == Bar:
                        r5 = self.get_response(Charlie.ask(Expr('"Mathematician: false?" is bar')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phys
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Phil
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phil
                    else:  # baz
                        r5 = self.get_response(Bob.ask(Expr('"Mathematician: false?" is bar')))
                        if r5 == Bar:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
                        elif r5 == Baz:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Engg
                        else:
                            raise AssertionError('smullyan: this answer cannot occur')
            elif r2 == Bar:
                r3 = self.get_response(Bob.ask(Expr('(Dan studies Engg and ("Mathematician: false?" is foo)) or (Charlie studies Engg and ("Mathematician: false?" is baz)) or (Charlie studies Phys and ("Mathematician: false?" is bar)) or (Charlie studies Math and ("Mathematician: true?" is bar)) or (Charlie studies Phys and ("Mathematician: true?" is foo)) or (Charlie studies Math and ("Mathematician: false?" is foo)) or (Alice studies Engg and ("Mathematician: false?" is bar))')))
                if r3 == Foo:
                    r4 = self.get_response(Bob.ask(Expr('"Bob: Alice studies Engg?" is foo')))
                    if r4 == Foo:
                        r5 = self.get_response(Charlie.ask(Expr('"Charlie: Bob studies Math?" is baz')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phil
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Math
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Phil
                    elif r4 == Bar:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Engg
                    else:  # baz
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phil
                elif r3 == Bar:
                    r4 = self.get_response(Bob.ask(Expr('"Mathematician: false?" is bar')))
                    if r4 == Foo:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Engg
                    elif r4 == Bar:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Math
                    else:  # baz
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phys
                else:  # baz
                    r4 = self.get_response(Bob.ask(Expr('"Bob: Dan studies Engg?" is baz')))
                    if r4 == Foo:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phil
                    elif r4 == Bar:
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Math
                    else:  # baz
                        r5 = self.get_response(Charlie.ask(Expr('"Charlie: Bob studies Phys?" is bar')))
                        if r5 == Foo:
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
                        elif r5 == Bar:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
                        else:  # baz
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Engg
            else:  # baz
                r3 = self.get_response(Charlie.ask(Expr('(Bob studies Engg and ("Mathematician: true?" is bar)) or (Bob studies Phil and ("Mathematician: false?" is foo)) or (Bob studies Math and ("Mathematician: true?" is bar)) or (Bob studies Phys and ("Mathematician: false?" is bar)) or (Alice studies Engg and ("Mathematician: true?" is baz))')))
                if r3 == Foo:
                    r4 = self.get_response(Charlie.ask(Expr('Bob studies Math xor ("Mathematician: true?" is foo)')))
                    if r4 == Foo:
                        r5 = self.get_response(Bob.ask(Expr('"Mathematician: false?" is bar')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Phil
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phil
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Phys
                    elif r4 == Bar:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Phil
                    else:  # baz
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Math
                elif r3 == Bar:
                    r4 = self.get_response(Alice.ask(Expr('Dan studies Phil xor ("Mathematician: false?" is foo)')))
                    if r4 == Foo:
                        r5 = self.get_response(Alice.ask(Expr('"Mathematician: true?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Engg
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phys
                        elif r5 == Bar:
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
                        else:  # baz
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Engg
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Math
                    elif r4 == Bar:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phil
                    else:  # baz
                        self.guess[Alice] = Math
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Phys
                else:  # baz
                    r4 = self.get_response(Charlie.ask(Expr('(Bob studies Math and ("Mathematician: true?" is bar)) or (Charlie studies Math and ("Mathematician: false?" is bar)) or (Bob studies Engg and ("Mathematician: false?" is bar)) or ("Mathematician: true?" is foo)')))
                    if r4 == Foo:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phys
                    elif r4 == Bar:
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Math
                    else:  # baz
                        r5 = self.get_response(Bob.ask(Expr('Alice studies Math xor ("Mathematician: true?" is bar)')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phys
                        elif r5 == Bar:
                            r6 = self.get_response(Bob.ask(Expr('"Bob: Alice studies Phys?" is bar')))
                            if r6 == Foo:
                                self.guess[Alice] = Math
                                self.guess[Bob] = Phys
                                self.guess[Charlie] = Phil
                                self.guess[Dan] = Engg
                            elif r6 == Bar:
                                self.guess[Alice] = Phys
                                self.guess[Bob] = Math
                                self.guess[Charlie] = Phil
                                self.guess[Dan] = Engg
                            else:  # baz
                                self.guess[Alice] = Phil
                                self.guess[Bob] = Math
                                self.guess[Charlie] = Phys
                                self.guess[Dan] = Engg
                        else:  # baz
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
        elif r1 == Bar:
            r2 = self.get_response(Dan.ask(Expr('(Charlie studies Engg and Dan studies Phys and ("Mathematician: true?" is foo)) or (Alice studies Math and ("Mathematician: false?" is baz)) or (Bob studies Engg and Dan studies Phys and ("Mathematician: false?" is foo)) or (Charlie studies Engg and Dan studies Math and ("Mathematician: false?" is foo)) or (Alice studies Phys and ("Mathematician: true?" is baz)) or (Bob studies Engg and Dan studies Math and ("Mathematician: true?" is foo)) or (Bob studies Math and ("Mathematician: true?" is foo)) or (Bob studies Math and ("Mathematician: false?" is bar)) or (Alice studies Engg and Bob studies Phys and ("Mathematician: false?" is baz)) or (Bob studies Phys and ("Mathematician: true?" is bar)) or (Charlie studies Math and ("Mathematician: false?" is foo)) or (Charlie studies Math and ("Mathematician: true?" is baz)) or (Charlie studies Phys and ("Mathematician: true?" is foo) and ("Mathematician: false?" is bar)) or (Charlie studies Phys and ("Philosopher: true?" is foo) and ("Mathematician: true?" is bar)) or (Bob studies Phil and ("Mathematician: false?" is foo) and ("Philosopher: true?" is bar))')))
            if r2 == Foo:
                r3 = self.get_response(Charlie.ask(Expr('(Alice studies Math and ("Mathematician: false?" is foo)) or (Bob studies Engg and ("Mathematician: false?" is bar)) or (Bob studies Math and ("Mathematician: true?" is foo)) or (Bob studies Phys and ("Mathematician: false?" is foo)) or (Bob studies Engg and ("Mathematician: true?" is foo)) or (Bob studies Math and ("Mathematician: false?" is bar)) or (Bob studies Phys and ("Mathematician: true?" is bar)) or (Dan studies Phys and ("Mathematician: false?" is bar)) or (Bob studies Phil and ("Mathematician: true?" is baz)) or (Dan studies Math and ("Mathematician: true?" is foo))')))
                if r3 == Foo:
                    r4 = self.get_response(Charlie.ask(Expr('"Mathematician: false?" is foo')))
                    if r4 == Foo:
                        r5 = self.get_response(Alice.ask(Expr('"Alice: Bob studies Phys?" is bar')))
                        if r5 == Foo:
                            self.guess[Alice] = Math
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Engg
                        elif r5 == Bar:
                            self.guess[Alice] = Math
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Engg
                        else:  # baz
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Engg
                    elif r4 == Bar:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phys
                    else:  # baz
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phys
                elif r3 == Bar:
                    r4 = self.get_response(Charlie.ask(Expr('Bob studies Math xor ("Mathematician: true?" is bar)')))
                    if r4 == Foo:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Math
                    elif r4 == Bar:
                        r5 = self.get_response(Bob.ask(Expr('"Bob: Charlie studies Math?" is baz')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Math
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Phil
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phil
                    else:  # baz
                        self.guess[Alice] = Math
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Phil
                else:  # baz
                    r4 = self.get_response(Charlie.ask(Expr('"Charlie: Dan studies Math?" is baz')))
                    if r4 == Foo:
                        r5 = self.get_response(Bob.ask(Expr('"Mathematician: true?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Engg
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phys
                        else:  # baz
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
                    elif r4 == Bar:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phil
                    else:  # baz
                        r5 = self.get_response(Dan.ask(Expr('"Mathematician: false?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Math
                            self.guess[Bob] = Engg
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Phys
                        elif r5 == Bar:
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Engg
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Math
                        else:  # baz
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Engg
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Math
            elif r2 == Bar:
                r3 = self.get_response(Bob.ask(Expr('(Alice studies Math and ("Mathematician: true?" is bar)) or (Alice studies Phys and ("Mathematician: false?" is bar)) or (Charlie studies Phys and ("Mathematician: true?" is foo)) or (Charlie studies Math and ("Mathematician: false?" is foo)) or (Dan studies Phys and ("Mathematician: true?" is bar)) or (Dan studies Math and ("Mathematician: false?" is bar))')))
                if r3 == Foo:
                    r4 = self.get_response(Charlie.ask(Expr('Dan studies Phil xor ("Mathematician: false?" is baz)')))
                    if r4 == Foo:
                        r5 = self.get_response(Bob.ask(Expr('"Mathematician: false?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
                        elif r5 == Baz:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Phil
                        else:
                            raise AssertionError('smullyan: this answer cannot occur')
                    elif r4 == Bar:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phys
                    else:  # baz
                        r5 = self.get_response(Charlie.ask(Expr('"Mathematician: true?" is baz')))
                        if r5 == Foo:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Engg
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Math
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phil
                elif r3 == Bar:
                    r4 = self.get_response(Bob.ask(Expr('"Mathematician: false?" is bar')))
                    if r4 == Foo:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Phys
                    elif r4 == Bar:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Math
                    else:  # baz
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Phys
                else:  # baz
                    r4 = self.get_response(Alice.ask(Expr('Charlie studies Phys xor ("Mathematician: false?" is bar)')))
                    if r4 == Foo:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phys
                    elif r4 == Bar:
                        r5 = self.get_response(Alice.ask(Expr('"Alice: Charlie studies Engg?" is bar')))
                        if r5 == Foo:
                            self.guess[Alice] = Math
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Engg
                        elif r5 == Bar:
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Math
                        else:  # baz
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Engg
                    else:  # baz
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Engg
            else:  # baz
                r3 = self.get_response(Bob.ask(Expr('(Charlie studies Phil and ("Mathematician: false?" is bar)) or (Charlie studies Engg and ("Mathematician: false?" is foo)) or (Charlie studies Phys and ("Mathematician: false?" is foo)) or (Charlie studies Math and ("Mathematician: true?" is foo)) or (Alice studies Engg and ("Mathematician: false?" is baz))')))
                if r3 == Foo:
                    r4 = self.get_response(Bob.ask(Expr('"Mathematician: true?" is foo')))
                    if r4 == Foo:
                        r5 = self.get_response(Dan.ask(Expr('"Mathematician: true?" is baz')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Phys
                        elif r5 == Bar:
                            self.guess[Alice] = Math
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Phys
                        else:  # baz
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Math
                    elif r4 == Bar:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phil
                    else:  # baz
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Math
                elif r3 == Bar:
                    r4 = self.get_response(Bob.ask(Expr('"Bob: Alice studies Engg?" is bar')))
                    if r4 == Foo:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phil
                    elif r4 == Bar:
                        r5 = self.get_response(Charlie.ask(Expr('"Charlie: Bob studies Math?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Phil
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phil
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Math
                    else:  # baz
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Engg
                else:  # baz
                    r4 = self.get_response(Bob.ask(Expr('Charlie studies Phys xor ("Mathematician: false?" is baz)')))
                    if r4 == Foo:
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phys
                    elif r4 == Bar:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Engg
                    else:  # baz
                        r5 = self.get_response(Charlie.ask(Expr('"Mathematician: true?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Engg
                        elif r5 == Bar:
                            self.guess[Alice] = Math
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Engg
                        else:  # baz
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Engg
        else:  # baz
            r2 = self.get_response(Charlie.ask(Expr('(Charlie studies Phys and Dan studies Engg and ("Mathematician: true?" is foo)) or (Alice studies Math and ("Mathematician: false?" is bar)) or (Bob studies Engg and Charlie studies Phys and ("Mathematician: false?" is foo)) or (Alice studies Phys and ("Mathematician: true?" is bar)) or (Charlie studies Math and Dan studies Engg and ("Mathematician: false?" is foo)) or (Bob studies Engg and Charlie studies Math and ("Mathematician: true?" is foo)) or (Bob studies Math and ("Mathematician: false?" is baz)) or (Dan studies Phil and ("Mathematician: true?" is bar)) or (Bob studies Phys and ("Mathematician: false?" is foo)) or (Dan studies Phys and ("Mathematician: true?" is foo)) or (Dan studies Phys and ("Mathematician: false?" is bar)) or (Dan studies Math and ("Mathematician: false?" is foo)) or (Dan studies Math and ("Mathematician: true?" is bar))')))
            if r2 == Foo:
                r3 = self.get_response(Dan.ask(Expr('(Dan studies Phys and ("Mathematician: true?" is bar)) or (Bob studies Engg and ("Mathematician: true?" is bar)) or (Bob studies Phys and ("Mathematician: false?" is bar)) or (Alice studies Engg and ("Mathematician: false?" is foo))')))
                if r3 == Foo:
                    r4 = self.get_response(Dan.ask(Expr('(Bob studies Math and ("Mathematician: false?" is foo)) or (Bob studies Phys and ("Mathematician: true?" is foo)) or (Bob studies Engg and ("Mathematician: true?" is foo)) or ("Mathematician: false?" is baz) or (Alice studies Engg and ("Mathematician: true?" is bar))')))
                    if r4 == Foo:
                        r5 = self.get_response(Bob.ask(Expr('Alice studies Phys xor ("Mathematician: false?" is bar)')))
                        if r5 == Foo:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Phys
                        elif r5 == Bar:
                            r6 = self.get_response(Bob.ask(Expr('"Bob: Alice studies Math?" is bar')))
                            if r6 == Foo:
                                self.guess[Alice] = Phil
                                self.guess[Bob] = Phys
                                self.guess[Charlie] = Engg
                                self.guess[Dan] = Math
                            elif r6 == Bar:
                                self.guess[Alice] = Math
                                self.guess[Bob] = Phys
                                self.guess[Charlie] = Engg
                                self.guess[Dan] = Phil
                            else:  # baz
                                self.guess[Alice] = Phys
                                self.guess[Bob] = Math
                                self.guess[Charlie] = Engg
                                self.guess[Dan] = Phil
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phys
                    elif r4 == Bar:
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phys
                    else:  # baz
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phys
                elif r3 == Bar:
                    r4 = self.get_response(Charlie.ask(Expr('Alice studies Engg xor ("Mathematician: true?" is foo)')))
                    if r4 == Foo:
                        r5 = self.get_response(Charlie.ask(Expr('"Charlie: false?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Engg
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Math
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Math
                        else:  # baz
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Engg
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phil
                    elif r4 == Bar:
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Math
                    else:  # baz
                        self.guess[Alice] = Math
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Phil
                else:  # baz
                    r4 = self.get_response(Dan.ask(Expr('(Alice studies Math and ("Mathematician: false?" is bar)) or (Bob studies Math and ("Mathematician: true?" is bar)) or (Bob studies Phys and ("Mathematician: false?" is bar)) or ("Mathematician: true?" is foo)')))
                    if r4 == Foo:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Math
                    elif r4 == Bar:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Engg
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Phys
                    else:  # baz
                        r5 = self.get_response(Bob.ask(Expr('"Bob: Dan studies Phys?" is bar')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phys
                            self.guess[Dan] = Phil
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Phys
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Math
            elif r2 == Bar:
                r3 = self.get_response(Bob.ask(Expr('(Bob studies Phys and ("Mathematician: true?" is foo)) or (Alice studies Math and ("Mathematician: true?" is bar)) or (Bob studies Math and ("Mathematician: true?" is baz)) or (Charlie studies Phys and ("Mathematician: true?" is foo)) or (Dan studies Phys and ("Mathematician: false?" is foo)) or (Alice studies Engg and ("Mathematician: false?" is bar))')))
                if r3 == Foo:
                    r4 = self.get_response(Charlie.ask(Expr('"Charlie: Alice studies Math?" is bar')))
                    if r4 == Foo:
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Engg
                    elif r4 == Bar:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Engg
                    else:  # baz
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Engg
                elif r3 == Bar:
                    r4 = self.get_response(Bob.ask(Expr('"Bob: Dan studies Engg?" is bar')))
                    if r4 == Foo:
                        r5 = self.get_response(Dan.ask(Expr('"Mathematician: true?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Math
                        elif r5 == Bar:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Phys
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phil
                    elif r4 == Bar:
                        self.guess[Alice] = Phil
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Engg
                    else:  # baz
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phil
                else:  # baz
                    r4 = self.get_response(Bob.ask(Expr('Dan studies Math xor ("Mathematician: true?" is baz)')))
                    if r4 == Foo:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Phil
                        self.guess[Dan] = Engg
                    elif r4 == Bar:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phil
                    else:  # baz
                        r5 = self.get_response(Bob.ask(Expr('"Bob: Alice studies Engg?" is baz')))
                        if r5 == Foo:
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Engg
                        elif r5 == Bar:
                            self.guess[Alice] = Phys
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Phil
                        else:  # baz
                            r6 = self.get_response(Bob.ask(Expr('"Mathematician: false?" is foo')))
                            if r6 == Foo:
                                self.guess[Alice] = Engg
                                self.guess[Bob] = Phys
                                self.guess[Charlie] = Phil
                                self.guess[Dan] = Math
                            elif r6 == Baz:
                                self.guess[Alice] = Engg
                                self.guess[Bob] = Math
                                self.guess[Charlie] = Phil
                                self.guess[Dan] = Phys
                            else:
                                raise AssertionError('smullyan: this answer cannot occur')
            else:  # baz
                r3 = self.get_response(Bob.ask(Expr('(Dan studies Phil and ("Mathematician: false?" is bar)) or (Bob studies Math and ("Mathematician: false?" is bar)) or (Dan studies Math and ("Mathematician: false?" is foo)) or (Bob studies Math and ("Mathematician: true?" is baz)) or (Charlie studies Math and ("Mathematician: true?" is foo))')))
                if r3 == Foo:
                    r4 = self.get_response(Dan.ask(Expr('Charlie studies Phil xor ("Mathematician: false?" is bar)')))
                    if r4 == Foo:
                        r5 = self.get_response(Bob.ask(Expr('"Mathematician: false?" is foo')))
                        if r5 == Foo:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Math
                        elif r5 == Bar:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Phys
                        else:
                            raise AssertionError('smullyan: this answer cannot occur')
                    elif r4 == Bar:
                        r5 = self.get_response(Dan.ask(Expr('"Dan: Alice studies Phil?" is bar')))
                        if r5 == Foo:
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phys
                            self.guess[Charlie] = Phil
                            self.guess[Dan] = Math
                        elif r5 == Bar:
                            self.guess[Alice] = Phil
                            self.guess[Bob] = Math
                            self.guess[Charlie] = Engg
                            self.guess[Dan] = Phys
                        else:  # baz
                            self.guess[Alice] = Engg
                            self.guess[Bob] = Phil
                            self.guess[Charlie] = Math
                            self.guess[Dan] = Phys
                    else:  # baz
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Math
                elif r3 == Bar:
                    r4 = self.get_response(Alice.ask(Expr('"Alice: Charlie studies Phys?" is baz')))
                    if r4 == Foo:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Engg
                    elif r4 == Bar:
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phil
                    else:  # baz
                        self.guess[Alice] = Math
                        self.guess[Bob] = Phil
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Engg
                else:  # baz
                    r4 = self.get_response(Bob.ask(Expr('"Bob: Charlie studies Phys?" is baz')))
                    if r4 == Foo:
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Phys
                        self.guess[Charlie] = Math
                        self.guess[Dan] = Phil
                    elif r4 == Bar:
                        self.guess[Alice] = Phys
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Engg
                        self.guess[Dan] = Phil
                    else:  # baz
                        self.guess[Alice] = Engg
                        self.guess[Bob] = Math
                        self.guess[Charlie] = Phys
                        self.guess[Dan] = Phil
