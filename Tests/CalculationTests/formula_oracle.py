#!/usr/bin/env python3
"""Random formulas in Moodle's syntax, evaluated by Python's own arithmetic: the independent side of
FormulaOracleTests, which reads each row and evaluates the same text with practice's evaluator.

    formula_oracle.py SEED COUNT

prints one row per formula: the text, the variable values (name=value;...), the variables in the order
they first appear, and the value (Python's repr) or the error category where evaluation stops:
division (x / 0, fmod(x, 0), 0 ** -n), sqrt (of a negative), domain (log(0), acos(2), (-8) ** 0.5),
overflow (a result too large). The formula is built as a tree and written with only the parentheses
precedence needs, so the reader must rebuild the same tree; Python evaluates the tree, not the text.
The PHP semantics Moodle uses where Python differs are written out here: deg2rad and rad2deg as PHP
computes them, round() halves away from zero on the value's 15 significant digits, log(x, 1) has no value.
"""
import math
import random
import sys
from decimal import ROUND_HALF_UP, Context, Decimal


class Failure(Exception):
    def __init__(self, category):
        super().__init__(category)
        self.category = category


def finite(x):
    if math.isnan(x):
        raise Failure("domain")
    if math.isinf(x):
        raise Failure("overflow")
    return x


def domain(f, *args):
    try:
        return finite(float(f(*args)))
    except ValueError:
        raise Failure("domain")
    except OverflowError:
        raise Failure("overflow")


def php_round(x, places=0.0):
    """PHP's round(): halves away from zero on the value's 15 significant digits; a value with no
    digit below the place rounded to is returned as it is."""
    places = int(places)
    written = Decimal(format(x, ".14e"))
    if x == 0 or written.adjusted() - 14 >= -places:
        return x
    exact = written.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP, context=Context(prec=400))
    return finite(float(exact))


def positive(f, low):
    """f(x) for x above `low`, where the function has a value."""
    def checked(x):
        if not x > low:
            raise Failure("domain")
        return domain(f, x)
    return checked


def log(x, base=None):
    if not x > 0:
        raise Failure("domain")
    if base is None:
        return domain(math.log, x)
    if not base > 0 or base == 1:
        raise Failure("domain")
    return finite(math.log(x) / math.log(base))


def sqrt(x):
    if x < 0:
        raise Failure("sqrt")
    return math.sqrt(x)


def power(a, b):
    if a == 0 and b < 0:
        raise Failure("division")
    return domain(math.pow, a, b)


def fmod(a, b):
    if b == 0:
        raise Failure("division")
    return domain(math.fmod, a, b)


FUNCTIONS = {  # name: (arity, implementation)
    "abs": (1, abs), "acos": (1, lambda x: domain(math.acos, x)), "acosh": (1, lambda x: domain(math.acosh, x)),
    "asin": (1, lambda x: domain(math.asin, x)), "asinh": (1, math.asinh), "atan": (1, math.atan),
    "atanh": (1, lambda x: domain(math.atanh, x)), "ceil": (1, lambda x: float(math.ceil(x))),
    "cos": (1, math.cos), "cosh": (1, lambda x: domain(math.cosh, x)),
    "deg2rad": (1, lambda x: x / 180.0 * math.pi), "rad2deg": (1, lambda x: x / math.pi * 180.0),
    "exp": (1, lambda x: domain(math.exp, x)), "expm1": (1, lambda x: domain(math.expm1, x)),
    "floor": (1, lambda x: float(math.floor(x))), "is_finite": (1, lambda x: 1.0), "is_nan": (1, lambda x: 0.0),
    "is_infinite": (1, lambda x: 0.0), "log10": (1, positive(math.log10, 0)), "log1p": (1, positive(math.log1p, -1)),
    "sin": (1, math.sin), "sinh": (1, lambda x: domain(math.sinh, x)), "sqrt": (1, sqrt),
    "tan": (1, math.tan), "tanh": (1, math.tanh), "log": ((1, 2), log), "round": ((1, 2), php_round),
    "atan2": (2, math.atan2), "fmod": (2, fmod), "pow": (2, power), "min": ("n", min), "max": ("n", max),
    "pi": (0, lambda: math.pi),
}

PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "**": 4}


class Node:
    def __init__(self, kind, value=None, children=()):
        self.kind, self.value, self.children = kind, value, list(children)

    def precedence(self):
        return PRECEDENCE.get(self.kind, 5)  # numbers, variables and calls bind tightest

    def evaluate(self, values):
        if self.kind == "num":
            return self.value
        if self.kind == "var":
            return values[self.value]
        args = [child.evaluate(values) for child in self.children]
        if self.kind == "neg":
            return -args[0]
        if self.kind == "call":
            return finite(float(FUNCTIONS[self.value][1](*args)))
        a, b = args
        if self.kind == "/":
            if b == 0:
                raise Failure("division")
            return finite(a / b)
        if self.kind == "**":
            return power(a, b)
        return finite({"+": a + b, "-": a - b, "*": a * b}[self.kind])

    def text(self, rng):
        space = lambda: rng.choice(["", "", " "])
        if self.kind == "num":
            return self.value_text
        if self.kind == "var":
            return "{" + self.value + "}"
        if self.kind == "call":
            name = self.value.upper() if rng.random() < 0.1 else self.value
            return name + "(" + ("," + space()).join(c.text(rng) for c in self.children) + ")"
        if self.kind == "neg":
            (child,) = self.children
            inner = child.text(rng)
            # A space keeps "- -x" from reading as PHP's decrement operator.
            if child.precedence() < 3:
                inner = "(" + inner + ")"
            return "- " + inner if inner.startswith("-") else "-" + space() + inner
        left, right = self.children
        lt, rt = left.text(rng), right.text(rng)
        if self.kind == "**":
            if left.precedence() < 5:
                lt = "(" + lt + ")"
            if right.precedence() < 3:
                rt = "(" + rt + ")"
            op = rng.choice(["**", "^"])
        else:
            p = self.precedence()
            if left.precedence() < p:
                lt = "(" + lt + ")"
            # The same precedence on the right needs parentheses too: (a + b) + c is not a + (b + c) in floats.
            if right.precedence() <= p:
                rt = "(" + rt + ")"
            op = self.kind
        if rt.startswith("-"):
            rt = " " + rt
        return lt + space() + op + space() + rt

    def variables(self, seen):
        if self.kind == "var" and self.value not in seen:
            seen.append(self.value)
        for child in self.children:
            child.variables(seen)
        return seen


def number(rng):
    value = rng.choice([0.0, 1.0, 2.0, 0.5, float(rng.randint(1, 100)), round(rng.uniform(0, 10), rng.randint(1, 4)),
                        rng.uniform(0, 1) * 10 ** rng.randint(-5, 5)])
    node = Node("num", value)
    style = rng.random()
    if value == int(value) and value < 1e15 and style < 0.5:
        node.value_text = str(int(value))
    elif style < 0.7:
        node.value_text = repr(value)
    else:
        node.value_text = "%.6e" % value if rng.random() < 0.5 else "%.6E" % value
        node.value = float(node.value_text)
    if node.value_text.startswith("0.") and rng.random() < 0.3:
        node.value_text = node.value_text[1:]  # .5, as PHP allows
    return node


def tree(rng, depth, names):
    if depth == 0 or rng.random() < 0.25:
        return Node("var", rng.choice(names)) if rng.random() < 0.5 else number(rng)
    choice = rng.random()
    if choice < 0.5:
        op = rng.choice(["+", "-", "*", "/", "**"] + ["+", "-", "*", "/"])
        return Node(op, None, [tree(rng, depth - 1, names), tree(rng, depth - 1, names)])
    if choice < 0.6:
        return Node("neg", None, [tree(rng, depth - 1, names)])
    name = rng.choice(sorted(FUNCTIONS))
    arity = FUNCTIONS[name][0]
    count = rng.choice(arity) if isinstance(arity, tuple) else rng.randint(2, 4) if arity == "n" else arity
    if name == "round" and count == 2:
        return Node("call", name, [tree(rng, depth - 1, names), number_node(rng.randint(-2, 4))])
    return Node("call", name, [tree(rng, depth - 1, names) for _ in range(count)])


def number_node(value):
    node = Node("num", float(value))
    node.value_text = str(value) if value >= 0 else None
    return node if value >= 0 else Node("neg", None, [number_node(-value)])


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    names = ["a", "b", "m", "V", "x_1"]
    for _ in range(count):
        node = tree(rng, rng.randint(1, 5), names)
        values = {n: rng.choice([0.0, -1.0, 2.0, float(rng.randint(-20, 20)), round(rng.uniform(-100, 100), 2),
                                 round(rng.uniform(0, 1), 3)]) for n in names}
        try:
            result = repr(node.evaluate(values))
        except Failure as failure:
            result = "error:" + failure.category
        text = node.text(rng)
        print("\t".join([text, ";".join(f"{n}={values[n]!r}" for n in names), ",".join(node.variables([])), result]))


if __name__ == "__main__":
    main()
