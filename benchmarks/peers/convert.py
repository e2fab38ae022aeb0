"""gridsat's parsed puzzles in each peer's own input form, and the peers' answers back in
gridsat's solution values (which ``genre.check`` takes). Runs with gridsat's venv (it reads
gridsat's puzzle records); the peers' runners never import it.

``to_peer(peer, genre, puzzle)`` gives the ``input`` of a runner's job, or None when the peer
has no solver for that kind of puzzle; ``from_peer(peer, genre, puzzle, answer)`` the value.
"""

from __future__ import annotations

from typing import Any

from gridsat.puzzles.loopy import Lines


class Wrong(ValueError):
    """An answer that gridsat's solution value cannot even hold (a light on a black cell)."""


# multi-puzzle-solver's Signpost arrows, in the order of gridsat's (clockwise from north)
ARROWS = "WEDCXZAQ"
# Net's tile bits in gridsat (puzzles/loop.py), by multi-puzzle-solver's side letters
BITS = {"U": 1, "R": 2, "D": 4, "L": 8}
# and by puzzlekit's
COMPASS = {"n": 1, "e": 2, "s": 4, "w": 8}

PEERS = ("puzzlekit", "multi-puzzle-solver", "akari-sat", "nonogram")

# each peer's genres, by gridsat's genre names
GENRES: dict[str, tuple[str, ...]] = {
    "puzzlekit": (
        "sudoku",
        "keen",
        "towers",
        "unruly",
        "lightup",
        "tents",
        "magnets",
        "loopy",
        "pattern",
        "net",
        "kakuro",
        "heyawake",
        "starbattle",
        "nurikabe",
        "norinori",
        "yajilin",
        "lits",
    ),
    "multi-puzzle-solver": (
        "sudoku",
        "keen",
        "towers",
        "unruly",
        "bridges",
        "lightup",
        "tents",
        "magnets",
        "loopy",
        "pattern",
        "net",
        "signpost",
    ),
    "akari-sat": ("lightup",),
    "nonogram": ("pattern",),
}


def _digit(n: int) -> str:
    """multi-puzzle-solver's Sudoku digit: 1-9, then a = 10, b = 11 ..."""
    return str(n) if n < 10 else chr(ord("a") + n - 10)


def _grid(rows: Any, blank: str, show: Any = str) -> list[list[str]]:
    return [[show(v) if v else blank for v in row] for row in rows]


def to_peer(peer: str, genre: str, p: Any) -> Any:
    if genre not in GENRES.get(peer, ()):
        return None
    n_rows = len(p.rows) if hasattr(p, "rows") else 0
    if peer == "puzzlekit":
        if genre == "sudoku":
            n = p.order
            if p.diagonals:
                return None
            if p.cages:
                if any(any(row) for row in p.rows):
                    return None  # its killer Sudoku reads no given digits
                grid = [["-"] * n for _ in range(n)]
                region = [["0"] * n for _ in range(n)]
                for k, (total, cells) in enumerate(p.cages):
                    r, c = min(cells)
                    grid[r][c] = str(total)
                    for r, c in cells:
                        region[r][c] = str(k)
                params = {"num_rows": n, "num_cols": n, "grid": grid, "region_grid": region}
                return {"type": "killer_sudoku", "params": params}
            grid = _grid(p.rows, "-")
            if p.jigsaw:
                region = [[str(p.jigsaw[r * n + c]) for c in range(n)] for r in range(n)]
                params = {"num_rows": n, "num_cols": n, "grid": grid, "region_grid": region}
                return {"type": "jigsaw_sudoku", "params": params}
            return {"type": "sudoku", "params": {"num_rows": n, "num_cols": n, "grid": grid}}
        if genre == "keen":
            if p.givens:
                return None
            n = p.size
            grid = [["-"] * n for _ in range(n)]
            region = [["0"] * n for _ in range(n)]
            for k, cage in enumerate(p.cages):
                r, c = min(cage.cells)
                lone = len(cage.cells) == 1 and cage.op == "+"
                grid[r][c] = str(cage.target) if lone else f"{cage.target}{cage.op}"
                for r, c in cage.cells:
                    region[r][c] = str(k)
            params = {"num_rows": n, "num_cols": n, "grid": grid, "region_grid": region}
            return {"type": "ken_ken", "params": params}
        if genre == "towers":
            n = n_rows

            def clue(v: int) -> str:
                return str(v) if v else "-"

            params = {
                "num_rows": n, "num_cols": n, "grid": _grid(p.rows, "-"), "val": n,
                "diagonal": False, "cols_top": [clue(v) for v in p.top],
                "cols_bottom": [clue(v) for v in p.bottom],
                "rows_left": [clue(v) for v in p.left], "rows_right": [clue(v) for v in p.right],
            }  # fmt: skip
            return {"type": "skyscraper", "params": params}
        if genre == "unruly":
            if p.distinct:
                return None  # its Binairo leaves out "no two rows alike" (binairo.py says why)
            grid = [["-" if v is None else str(v + 1) for v in row] for row in p.rows]
            params = {"num_rows": n_rows, "num_cols": len(p.rows[0]), "grid": grid}
            return {"type": "binairo", "params": params}
        if genre == "yajilin":
            if p.outside or p.marks:
                return None  # (no such rule, and no given cells, in its Yajilin)
            way = {"^": "n", "v": "s", "<": "w", ">": "e"}
            grid = [["-" if clue is None else "x" if clue[1] is None else f"{clue[1]}{way[clue[0]]}"
                     for clue in row] for row in p.rows]  # fmt: skip
            params = {"num_rows": n_rows, "num_cols": len(p.rows[0]), "grid": grid}
            return {"type": "yajilin", "params": params}
        if genre == "lightup":
            grid = [["x" if ch == "#" else "-" if ch == "." else ch for ch in row]
                    for row in p.rows]  # fmt: skip
            params = {"num_rows": n_rows, "num_cols": len(p.rows[0]), "grid": grid}
            return {"type": "akari", "params": params}
        if genre == "tents":
            if None in p.row_counts or None in p.column_counts:
                return None
            grid = [["x" if ch == "^" else "-" for ch in row] for row in p.rows]
            params = {"num_rows": n_rows, "num_cols": len(p.rows[0]), "grid": grid,
                      "rows": [str(v) for v in p.row_counts],
                      "cols": [str(v) for v in p.column_counts]}  # fmt: skip
            return {"type": "tent", "params": params}
        if genre == "magnets":
            height, width = len(p.layout), len(p.layout[0])
            region = [["."] * width for _ in range(height)]
            k = 0
            for r in range(height):
                for c in range(width):
                    ch = p.layout[r][c]
                    if ch in "TL":
                        r2, c2 = (r + 1, c) if ch == "T" else (r, c + 1)
                        region[r][c] = region[r2][c2] = str(k)
                        k += 1
                    elif ch not in "BR":
                        return None  # a cell in no magnet
            grid = [["."] * width for _ in range(height)]

            def counts(vs: Any) -> list[str]:
                return ["-" if v is None else str(v) for v in vs]

            params = {"num_rows": height, "num_cols": width, "grid": grid, "region_grid": region,
                      "cols_positive": counts(p.plus_columns),
                      "cols_negative": counts(p.minus_columns),
                      "rows_positive": counts(p.plus_rows),
                      "rows_negative": counts(p.minus_rows)}  # fmt: skip
            return {"type": "magnetic", "params": params}
        if genre == "loopy":
            grid = [["-" if v is None else str(v) for v in row] for row in p.rows]
            params = {"num_rows": n_rows, "num_cols": len(p.rows[0]), "grid": grid}
            return {"type": "slitherlink", "params": params}
        if genre == "net":
            if p.wrap or p.barriers or p.fixed or not p.tree:
                return None  # its Pipes: no wrapping, no walls

            def code(mask: int) -> str:
                ones = bin(mask).count("1")
                return "5" if mask in (5, 10) else {1: "1", 2: "3", 3: "7", 4: "15"}[ones]

            grid = [[code(t) for t in row] for row in p.rows]
            params = {"num_rows": n_rows, "num_cols": len(p.rows[0]), "grid": grid}
            return {"type": "pipes", "params": params}
        if genre == "pattern":
            if p.fixed:
                return None
            params = {"num_rows": len(p.rows), "num_cols": len(p.columns),
                      "rows": [[str(v) for v in clue] for clue in p.rows],
                      "cols": [[str(v) for v in clue] for clue in p.columns]}  # fmt: skip
            return {"type": "nonogram", "params": params}
        if genre == "kakuro":
            if any(v for row in p.rows for v in row if not isinstance(v, tuple)):
                return None  # its Kakuro reads no given digits

            def cell(v: Any) -> str:
                if not isinstance(v, tuple):
                    return "0"
                down, across = v
                if down is None and across is None:
                    return "-"
                return f"{'' if down is None else down},{'' if across is None else across}"

            grid = [[cell(v) for v in row] for row in p.rows]
            params = {"num_rows": n_rows, "num_cols": len(p.rows[0]), "grid": grid}
            return {"type": "kakuro", "params": params}
        if genre in ("heyawake", "starbattle"):
            return _rooms_to_puzzlekit(genre, p)
        if genre == "nurikabe":
            if any(v is not None and v < 0 for row in p.rows for v in row):
                return None  # (a setter's mark, or a number not told)
            grid = [["-" if v is None else str(v) for v in row] for row in p.rows]
            params = {"num_rows": n_rows, "num_cols": len(p.rows[0]), "grid": grid}
            return {"type": "nurikabe", "params": params}
        if genre == "norinori":
            if p.marks:
                return None
            region = [[str(k) for k in row] for row in p.rooms]
            params = {"num_rows": p.height, "num_cols": p.width, "region_grid": region}
            return {"type": "norinori", "params": params}
        if genre == "lits":
            if p.marks:
                return None
            region = [[str(k) for k in row] for row in p.rooms]
            grid = [["-"] * p.width for _ in range(p.height)]
            params = {"num_rows": p.height, "num_cols": p.width, "grid": grid,
                      "region_grid": region}  # fmt: skip
            return {"type": "lits", "params": params}
    if peer == "multi-puzzle-solver":
        if genre == "sudoku":
            n = p.order
            board = [[_digit(v) if v else " " for v in row] for row in p.rows]
            a: dict[str, Any] = {"board": board, "unique_diagonal": p.diagonals}
            if p.jigsaw:
                a["block_size"] = None
                a["jigsaw"] = [[str(p.jigsaw[r * n + c]) for c in range(n)] for r in range(n)]
            else:
                width, height = p.shape
                a["block_size"] = [height, width]
            if p.cages:
                ids = [["0"] * n for _ in range(n)]
                for k, (_, cells) in enumerate(p.cages):
                    for r, c in cells:
                        ids[r][c] = str(k)
                a["killer"] = [ids, {str(k): total for k, (total, _) in enumerate(p.cages)}]
            return a
        if genre == "keen":
            n = p.size
            ids = [[""] * n for _ in range(n)]
            for k, cage in enumerate(p.cages):
                for r, c in cage.cells:
                    ids[r][c] = f"d{k}"
            a = {"board": ids, "block_results": {f"d{k}": [cage.op, cage.target]
                                                 for k, cage in enumerate(p.cages)}}  # fmt: skip
            if p.givens:
                a["clues"] = [[str(p.givens.get((r, c), 0)) for c in range(n)] for r in range(n)]
            return a
        if genre == "towers":

            def side(vs: Any) -> list[int]:
                return [v if v else -1 for v in vs]

            return {"board": _grid(p.rows, " "), "top": side(p.top), "bottom": side(p.bottom),
                    "left": side(p.left), "right": side(p.right)}  # fmt: skip
        if genre == "unruly":
            if p.distinct:
                return None  # its Unruly has no "no two rows alike"
            return {"board": [[" " if v is None else "BW"[1 - v] for v in row] for row in p.rows]}
        if genre == "bridges":
            if p.fixed or p.no_loops:
                return None
            return {"board": _grid(p.rows, " "), "most": p.most}
        if genre == "lightup":
            return {"board": [[" " if ch == "." else "W" if ch == "#" else ch for ch in row]
                              for row in p.rows]}  # fmt: skip
        if genre == "tents":
            if None in p.row_counts or None in p.column_counts:
                return None
            return {"board": [["T" if ch == "^" else " " for ch in row] for row in p.rows],
                    "side": list(p.row_counts), "top": list(p.column_counts)}  # fmt: skip
        if genre == "magnets":
            if any(ch not in "TBLR" for row in p.layout for ch in row):
                return None
            board = [["V" if ch == "T" else "H" if ch == "L" else "." for ch in row]
                     for row in p.layout]  # fmt: skip

            def neg1(vs: Any) -> list[int]:
                return [-1 if v is None else v for v in vs]

            return {"board": board, "top_pos": neg1(p.plus_columns),
                    "top_neg": neg1(p.minus_columns), "side_pos": neg1(p.plus_rows),
                    "side_neg": neg1(p.minus_rows)}  # fmt: skip
        if genre == "loopy":
            return {"board": [[" " if v is None else str(v) for v in row] for row in p.rows]}
        if genre == "net":
            if p.wrap or p.barriers or p.fixed or not p.tree:
                return None  # its Pipes: no wrapping, no walls

            def kind(mask: int) -> str:
                ones = bin(mask).count("1")
                return "2I" if mask in (5, 10) else "2L" if ones == 2 else str(ones)

            return {"board": [[kind(t) for t in row] for row in p.rows]}
        if genre == "signpost":
            last = [c for c, n in p.givens.items() if n == p.size]
            if not last:
                return None  # its last cell is the one without an arrow: it must be shown
            board = [[" " if r * p.width + c == last[0] else ARROWS[p.arrows[r * p.width + c]]
                      for c in range(p.width)] for r in range(p.height)]  # fmt: skip
            values = [[p.givens.get(r * p.width + c, 0) for c in range(p.width)]
                      for r in range(p.height)]  # fmt: skip
            return {"board": board, "values": values}
        if genre == "pattern":
            if p.fixed:
                return None
            return {"top": [list(c) for c in p.columns], "side": [list(r) for r in p.rows]}
    if peer == "akari-sat" and genre == "lightup":
        return list(p.rows)
    if peer == "nonogram" and genre == "pattern":
        if p.fixed:
            return None
        return {"rows": [list(r) for r in p.rows], "columns": [list(c) for c in p.columns]}
    return None


def _triples(answer: Any, height: int, width: int, blank: Any = 0) -> list[list[Any]]:
    grid: list[list[Any]] = [[blank] * width for _ in range(height)]
    for x, y, v in answer:
        grid[y][x] = v
    return grid


def _size(genre: str, p: Any) -> tuple[int, int]:
    """(height, width) of the board."""
    if genre == "sudoku":
        return p.order, p.order
    if genre == "keen":
        return p.size, p.size
    if genre == "magnets":
        return len(p.layout), len(p.layout[0])
    if genre == "signpost":
        return p.height, p.width
    if genre == "pattern":
        return len(p.rows), len(p.columns)
    if genre in ("norinori", "lits"):
        return p.height, p.width
    return len(p.rows), len(p.rows[0])


def _lit(p: Any, bulbs: list[list[Any]]) -> tuple[str, ...]:
    """Light Up's solution rows: ``L`` a bulb, ``#`` any black cell, ``.`` the rest."""
    for r, row in enumerate(p.rows):
        for c, ch in enumerate(row):
            if ch != "." and bulbs[r][c]:
                raise Wrong(f"a light on the black cell r{r + 1}c{c + 1}")
    return tuple("".join("#" if ch != "." else "L" if bulbs[r][c] else "."
                         for c, ch in enumerate(row))
                 for r, row in enumerate(p.rows))  # fmt: skip


def _tents(p: Any, tent: list[list[Any]]) -> tuple[str, ...]:
    return tuple("".join("^" if ch == "^" else "T" if tent[r][c] else "."
                         for c, ch in enumerate(row))
                 for r, row in enumerate(p.rows))  # fmt: skip


def _lines(height: int, width: int, sides: list[list[str]]) -> Lines:
    """Lines from each cell's sides on the loop, given as letters U, D, L, R."""
    h = [[0] * width for _ in range(height + 1)]
    v = [[0] * (width + 1) for _ in range(height)]
    for r in range(height):
        for c in range(width):
            s = sides[r][c] or ""
            if "U" in s:
                h[r][c] = 1
            if "D" in s:
                h[r + 1][c] = 1
            if "L" in s:
                v[r][c] = 1
            if "R" in s:
                v[r][c + 1] = 1
    return Lines(h=tuple(map(tuple, h)), v=tuple(map(tuple, v)))


def from_peer(peer: str, genre: str, p: Any, answer: Any) -> Any:
    height, width = _size(genre, p)
    if peer == "puzzlekit":
        g = answer
        if genre in ("sudoku", "keen", "towers"):
            return tuple(tuple(int(v) for v in row) for row in g)
        if genre == "unruly":
            return tuple(tuple(int(v) - 1 for v in row) for row in g)
        if genre == "lightup":
            return _lit(p, [[v == "o" for v in row] for row in g])
        if genre == "tents":
            return _tents(p, [[v == "o" for v in row] for row in g])
        if genre == "magnets":
            return tuple("".join("." if v == "x" else v for v in row) for row in g)
        if genre == "pattern":
            return tuple(tuple(int(v == "x") for v in row) for row in g)
        if genre == "net":
            return tuple(tuple(sum(COMPASS[ch] for ch in v if ch != "-") for v in row) for row in g)
        if genre == "yajilin":
            # Its answer: x a shaded cell, - a clue cell, else the sides the loop leaves by.
            bits = {"e": 1, "n": 2, "w": 4, "s": 8}
            return tuple("".join("." if p.rows[r][c] is not None else "#" if v == "x"
                                 else format(sum(bits.get(ch, 0) for ch in v), "x")
                                 for c, v in enumerate(row))
                         for r, row in enumerate(g))  # fmt: skip
        if genre == "loopy":
            letters = [["".join(ch for bit, ch in ((8, "U"), (4, "L"), (2, "D"), (1, "R"))
                                if v != "-" and int(v) & bit)
                        for v in row] for row in g]  # fmt: skip
            return _lines(height, width, letters)
        if genre == "kakuro":
            return tuple("".join("#" if v == "-" else str(v) for v in row) for row in g)
        if genre == "heyawake":
            return tuple("".join("1" if v == "x" else "0" for v in row) for row in g)
        if genre == "starbattle":
            return tuple("".join("*" if v == "x" else "." for v in row) for row in g)
        if genre in ("nurikabe", "norinori"):
            return tuple("".join("#" if v == "x" else "." for v in row) for row in g)
        if genre == "lits":  # (its answer names each shaded cell's shape)
            return tuple("".join("." if v == "-" else "#" for v in row) for row in g)
    if peer == "multi-puzzle-solver":
        if genre in ("sudoku", "keen", "towers", "unruly", "pattern", "signpost"):
            return tuple(map(tuple, _triples(answer, height, width)))
        if genre == "lightup":
            return _lit(p, _triples(answer, height, width))
        if genre == "tents":
            return _tents(p, _triples(answer, height, width))
        if genre == "magnets":
            cells = _triples(answer, height, width, blank=["", "x"])
            return tuple("".join("." if v[1] == "x" else v[1] for v in row) for row in cells)
        if genre == "loopy":
            return _lines(height, width, _triples(answer, height, width, blank=""))
        if genre == "net":
            sides = _triples(answer, height, width, blank="")
            return tuple(tuple(sum(BITS[ch] for ch in s) for s in row) for row in sides)
        if genre == "bridges":
            grid = [[0] * width for _ in range(height)]
            for x, y, (right, _left, down, _up) in answer:
                if right:
                    c = x + 1
                    while c < width and not p.rows[y][c]:
                        grid[y][c] = right
                        c += 1
                if down:
                    r = y + 1
                    while r < height and not p.rows[r][x]:
                        grid[r][x] = -down
                        r += 1
            return tuple(map(tuple, grid))
    if peer == "akari-sat":
        return _lit(p, answer)
    if peer == "nonogram":
        return tuple(map(tuple, answer))
    raise ValueError(f"{peer} has no {genre}")


def _rooms_to_puzzlekit(genre: str, p: Any) -> Any:
    """Heyawake and Star Battle for puzzlekit: the room map as region names, Heyawake's numbers
    in each room's first cell."""
    height, width = len(p.rows), len(p.rows[0])
    region = [[str(v) for v in row] for row in p.rows]
    params: dict[str, Any] = {"num_rows": height, "num_cols": width, "region_grid": region}
    if genre == "starbattle":
        return {"type": "starbattle", "params": params | {"num_stars": p.stars}}
    grid = [["-"] * width for _ in range(height)]
    for (r, c), n in zip((cells[0] for cells in p.rooms()), p.numbers, strict=True):
        if n is not None:
            grid[r][c] = str(n)
    return {"type": "heyawake", "params": params | {"grid": grid}}
