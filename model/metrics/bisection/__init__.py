"""The bisection: units and pod tree, the solvers (switch-sides DP, DP, integer program, heuristic)
and the proven bound, and a cut to its reported figure."""
