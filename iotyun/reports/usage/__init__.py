"""Traffic (flow cards' usage) and online time of the devices a caller reads (issue 17 contract E)."""
