"""A tiny evaluator for the Excel formula shapes the workbook writes.

It understands numbers, strings, cell and range references (with ``$`` and sheet
names), ``+ - * / &``, comparisons, and SUM, SUMPRODUCT, IF, COUNTIFS, SUMIFS, ABS.
Anything else raises, so a new formula shape cannot slip by untested.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import column_index_from_string

_TOKEN = re.compile(
    r"""\s*(?:
    (?P<number>\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)
  | (?P<string>"(?:[^"]|"")*")
  | (?P<ref>(?:'(?:[^']|'')+'!|[A-Za-z_][A-Za-z0-9_ ]*!)?
            \$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)
  | (?P<func>[A-Z][A-Z0-9.]*)\(
  | (?P<op><>|>=|<=|[-+*/&=<>(),])
    )""",
    re.VERBOSE,
)
_CELL = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")


class FormulaEvaluator:
    """Evaluates formula cells of an openpyxl workbook loaded with formulas (not values)."""

    def __init__(self, workbook: Workbook) -> None:
        self.wb = workbook
        self.cache: dict[tuple[str, int, int], Any] = {}
        self.overrides: dict[tuple[str, int, int], Any] = {}

    def set(self, sheet: str, coordinate: str, value: Any) -> None:
        """Change an input cell (like a user typing in Excel) and forget computed results."""
        match = _CELL.fullmatch(coordinate)
        assert match is not None
        self.overrides[(sheet, int(match.group(2)), column_index_from_string(match.group(1)))] = (
            value
        )
        self.cache.clear()

    def value(self, sheet: str, coordinate: str) -> Any:
        match = _CELL.fullmatch(coordinate)
        assert match is not None
        return self._cell(sheet, int(match.group(2)), column_index_from_string(match.group(1)))

    def _cell(self, sheet: str, row: int, col: int) -> Any:
        key = (sheet, row, col)
        if key in self.overrides:
            return self.overrides[key]
        if key in self.cache:
            return self.cache[key]
        cell = self.wb[sheet].cell(row=row, column=col)
        raw = cell.value
        if cell.data_type == "f" and isinstance(raw, str) and raw.startswith("="):
            result = _Parser(raw[1:], sheet, self).parse()
        else:
            result = raw
        self.cache[key] = result
        return result

    def range(self, sheet: str, ref: str) -> list[list[Any]]:
        first, _, last = ref.partition(":")
        a, b = _CELL.fullmatch(first), _CELL.fullmatch(last or first)
        assert a is not None and b is not None
        r1, c1 = int(a.group(2)), column_index_from_string(a.group(1))
        r2, c2 = int(b.group(2)), column_index_from_string(b.group(1))
        return [[self._cell(sheet, r, c) for c in range(c1, c2 + 1)] for r in range(r1, r2 + 1)]


class _Range(list[list[Any]]):
    pass


def _flat(value: Any) -> list[Any]:
    if isinstance(value, _Range):
        return [item for row in value for item in row]
    return [value]


def _num(value: Any) -> float:
    if value is None or value == "":
        return 0.0
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    raise TypeError(f"not a number: {value!r}")


def _matches(value: Any, criterion: Any) -> bool:
    if isinstance(criterion, str):
        for op in (">=", "<=", "<>", ">", "<", "="):
            if criterion.startswith(op):
                operand = criterion[len(op) :]
                try:
                    target: Any = float(operand)
                    if not isinstance(value, int | float):
                        return op == "<>"
                except ValueError:
                    target = operand
                return _compare(value, op, target)
        return isinstance(value, str) and value.lower() == criterion.lower()
    return value == criterion


def _compare(left: Any, op: str, right: Any) -> bool:
    if isinstance(left, str) and isinstance(right, str):
        left, right = left.lower(), right.lower()
    ops: dict[str, Callable[[Any, Any], bool]] = {
        "=": lambda a, b: a == b,
        "<>": lambda a, b: a != b,
        ">": lambda a, b: a > b,
        "<": lambda a, b: a < b,
        ">=": lambda a, b: a >= b,
        "<=": lambda a, b: a <= b,
    }
    return ops[op](left, right)


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


class _Parser:
    def __init__(self, text: str, sheet: str, ev: FormulaEvaluator) -> None:
        self.tokens: list[tuple[str, str]] = []
        pos = 0
        text = text.strip()
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                raise ValueError(f"cannot parse formula at {text[pos:]!r}")
            kind = match.lastgroup
            assert kind is not None
            self.tokens.append((kind, match.group(kind)))
            pos = match.end()
        self.i = 0
        self.sheet = sheet
        self.ev = ev

    def parse(self) -> Any:
        value = self.comparison()
        if self.i != len(self.tokens):
            raise ValueError(f"trailing tokens {self.tokens[self.i :]}")
        return value

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, value: str | None = None) -> tuple[str, str]:
        token = self.tokens[self.i]
        if value is not None and token[1] != value:
            raise ValueError(f"expected {value}, got {token}")
        self.i += 1
        return token

    def comparison(self) -> Any:
        left = self.concat()
        token = self.peek()
        if token and token[1] in ("=", "<>", ">", "<", ">=", "<="):
            self.take()
            return _compare(left, token[1], self.concat())
        return left

    def concat(self) -> Any:
        value = self.additive()
        while (token := self.peek()) and token[1] == "&":
            self.take()
            value = _text(value) + _text(self.additive())
        return value

    def additive(self) -> Any:
        value = self.term()
        while (token := self.peek()) and token[1] in "+-" and token[0] == "op":
            self.take()
            right = self.term()
            value = _num(value) + _num(right) if token[1] == "+" else _num(value) - _num(right)
        return value

    def term(self) -> Any:
        value = self.unary()
        while (token := self.peek()) and token[1] in "*/" and token[0] == "op":
            self.take()
            right = self.unary()
            value = _num(value) * _num(right) if token[1] == "*" else _num(value) / _num(right)
        return value

    def unary(self) -> Any:
        token = self.peek()
        if token and token[1] == "-":
            self.take()
            return -_num(self.unary())
        return self.primary()

    def primary(self) -> Any:
        kind, text = self.take()
        if kind == "number":
            return float(text)
        if kind == "string":
            return text[1:-1].replace('""', '"')
        if kind == "ref":
            sheet = self.sheet
            if "!" in text:
                sheet_part, text = text.rsplit("!", 1)
                sheet = sheet_part.strip("'").replace("''", "'")
            if ":" in text:
                return _Range(self.ev.range(sheet, text))
            match = _CELL.fullmatch(text)
            assert match is not None
            return self.ev.value(sheet, f"{match.group(1)}{match.group(2)}")
        if kind == "func":
            args = []
            if self.peek() and self.peek()[1] != ")":  # type: ignore[index]
                args.append(self.comparison())
                while self.peek() and self.peek()[1] == ",":  # type: ignore[index]
                    self.take()
                    args.append(self.comparison())
            self.take(")")
            return self.call(text, args)
        if text == "(":
            value = self.comparison()
            self.take(")")
            return value
        raise ValueError(f"unexpected token {text!r}")

    def call(self, name: str, args: list[Any]) -> Any:
        if name == "SUM":
            return sum(_num(v) for a in args for v in _flat(a))
        if name == "ABS":
            return abs(_num(args[0]))
        if name == "SUMPRODUCT":
            columns = [_flat(a) for a in args]
            assert len({len(c) for c in columns}) == 1, "SUMPRODUCT ranges differ in size"
            total = 0.0
            for items in zip(*columns, strict=True):
                product = 1.0
                for item in items:
                    product *= _num(item) if isinstance(item, int | float) else 0.0
                total += product
            return total
        if name == "IF":
            return args[1] if args[0] else (args[2] if len(args) > 2 else False)
        if name in ("COUNTIFS", "SUMIFS"):
            offset = 1 if name == "SUMIFS" else 0
            pairs = [(_flat(args[k]), args[k + 1]) for k in range(offset, len(args) - 1, 2)]
            size = len(pairs[0][0])
            hits = [all(_matches(rng[i], crit) for rng, crit in pairs) for i in range(size)]
            if name == "COUNTIFS":
                return float(sum(hits))
            values = _flat(args[0])
            return sum(_num(values[i]) for i in range(size) if hits[i])
        raise ValueError(f"function {name} is not supported by the test evaluator")
