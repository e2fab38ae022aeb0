"""gridsat: logic puzzles solved, checked and compared with SAT and CP-SAT solvers."""

__version__ = "0.1.0"
