"""The animation expression language (docs/designer-animation.md): numbers, names of the animation's inputs,
+ - * / %, comparisons, and / or / not, a few functions, parentheses; nothing else. The server only parses it, to
refuse what the designer's evaluator (web/src/designer/model/expression.ts) would refuse: the two grammars are the
same, token for token, and so are the limits on length and nesting.

The grammar, loosest first:
    expr    := or
    or      := and ("or" and)*
    and     := not ("and" not)*
    not     := "not" not | compare
    compare := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)?      (no chains: a < b < c is refused)
    sum     := product (("+" | "-") product)*
    product := unary (("*" | "/" | "%") unary)*
    unary   := ("-" | "+") unary | primary
    primary := number | "true" | "false" | name | function "(" expr ("," expr)* ")" | "(" expr ")"
Depth counts the open parentheses, calls and unary operators (not included) around a part."""

import re
from dataclasses import dataclass

from iotyun.core.errors import ErrorCode
from iotyun.core.limits import ANIMATION_EXPRESSION_DEPTH_MAX, ANIMATION_EXPRESSION_MAX, ANIMATION_FUNCTIONS

# How many arguments each function takes: (least, most); None: any number from the least.
ARITY: dict[str, tuple[int, int | None]] = {
    "min": (1, None),
    "max": (1, None),
    "abs": (1, 1),
    "clamp": (3, 3),
    "round": (1, 1),
    "floor": (1, 1),
    "ceil": (1, 1),
    "if": (3, 3),
}
assert tuple(ARITY) == ANIMATION_FUNCTIONS

_TOKEN = re.compile(
    r"(?:(?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<op><=|>=|==|!=|[-+*/%<>(),]))"
)
_SPACE = " \t\r\n"


@dataclass(frozen=True)
class ExpressionError(Exception):
    """What is wrong with an expression: the code, and its text values (position is 1-based)."""

    code: ErrorCode
    params: dict[str, object]


@dataclass(frozen=True)
class _Token:
    kind: str  # number, name, op, end
    text: str
    at: int  # 0-based offset


def _tokens(source: str) -> list[_Token]:
    tokens: list[_Token] = []
    at = 0
    while True:
        while at < len(source) and source[at] in _SPACE:
            at += 1
        if at >= len(source):
            tokens.append(_Token("end", "", at))
            return tokens
        match = _TOKEN.match(source, at)
        if match is None or match.lastgroup is None:
            raise _syntax(at)
        kind = match.lastgroup
        start = match.start(kind)
        tokens.append(_Token(kind, match.group(kind), start))
        at = match.end()


def _syntax(at: int) -> ExpressionError:
    return ExpressionError(ErrorCode.ANIMATION_EXPRESSION_SYNTAX, {"position": at + 1})


def _too_complex() -> ExpressionError:
    return ExpressionError(
        ErrorCode.ANIMATION_EXPRESSION_TOO_COMPLEX,
        {"length": ANIMATION_EXPRESSION_MAX, "depth": ANIMATION_EXPRESSION_DEPTH_MAX},
    )


class _Parser:
    def __init__(self, source: str) -> None:
        self.tokens = _tokens(source)
        self.i = 0
        self.names: set[str] = set()

    def peek(self) -> _Token:
        return self.tokens[self.i]

    def take(self) -> _Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def accept(self, kind: str, text: str) -> bool:
        token = self.peek()
        if token.kind == kind and token.text == text:
            self.i += 1
            return True
        return False

    def expect(self, text: str) -> None:
        if not self.accept("op", text):
            raise _syntax(self.peek().at)

    def expr(self, depth: int) -> None:
        if depth > ANIMATION_EXPRESSION_DEPTH_MAX:
            raise _too_complex()
        self.logic_or(depth)

    def logic_or(self, depth: int) -> None:
        self.logic_and(depth)
        while self.accept("name", "or"):
            self.logic_and(depth)

    def logic_and(self, depth: int) -> None:
        self.logic_not(depth)
        while self.accept("name", "and"):
            self.logic_not(depth)

    def logic_not(self, depth: int) -> None:
        if self.accept("name", "not"):
            if depth + 1 > ANIMATION_EXPRESSION_DEPTH_MAX:
                raise _too_complex()
            self.logic_not(depth + 1)
            return
        self.compare(depth)

    def compare(self, depth: int) -> None:
        self.sum(depth)
        if self.peek().kind == "op" and self.peek().text in ("<", "<=", ">", ">=", "==", "!="):
            self.take()
            self.sum(depth)

    def sum(self, depth: int) -> None:
        self.product(depth)
        while self.peek().kind == "op" and self.peek().text in ("+", "-"):
            self.take()
            self.product(depth)

    def product(self, depth: int) -> None:
        self.unary(depth)
        while self.peek().kind == "op" and self.peek().text in ("*", "/", "%"):
            self.take()
            self.unary(depth)

    def unary(self, depth: int) -> None:
        if self.peek().kind == "op" and self.peek().text in ("-", "+"):
            self.take()
            if depth + 1 > ANIMATION_EXPRESSION_DEPTH_MAX:
                raise _too_complex()
            self.unary(depth + 1)
            return
        self.primary(depth)

    def primary(self, depth: int) -> None:
        token = self.take()
        if token.kind == "number":
            return
        if token.kind == "op" and token.text == "(":
            self.expr(depth + 1)
            self.expect(")")
            return
        if token.kind != "name" or token.text in ("and", "or", "not"):
            raise _syntax(token.at)
        if token.text in ("true", "false"):
            return
        if self.peek().kind == "op" and self.peek().text == "(":
            self.call(token, depth)
            return
        self.names.add(token.text)

    def call(self, token: _Token, depth: int) -> None:
        arity = ARITY.get(token.text)
        if arity is None:
            raise ExpressionError(ErrorCode.ANIMATION_FUNCTION_UNKNOWN, {"name": token.text})
        self.take()  # (
        count = 0
        while True:
            self.expr(depth + 1)
            count += 1
            if not self.accept("op", ","):
                break
        self.expect(")")
        least, most = arity
        if count < least or (most is not None and count > most):
            raise _syntax(token.at)


def names_of(source: str) -> set[str]:
    """The input names `source` reads; ExpressionError when it is not an expression of the language."""
    if len(source) > ANIMATION_EXPRESSION_MAX:
        raise _too_complex()
    parser = _Parser(source)
    parser.expr(0)
    end = parser.peek()
    if end.kind != "end":
        raise _syntax(end.at)
    return parser.names


def check(source: str, inputs: set[str]) -> None:
    """Refuses `source` unless it parses and names only `inputs`."""
    for name in sorted(names_of(source)):
        if name not in inputs:
            raise ExpressionError(ErrorCode.ANIMATION_NAME_UNKNOWN, {"name": name})
