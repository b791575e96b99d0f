"""How the network is represented: the resolved topology, wiring patterns, each accelerator's
links, classes of switches and islands, networkx graphs."""
