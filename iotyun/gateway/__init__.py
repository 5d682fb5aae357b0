"""The gateway agent (`iotyun gateway`) and the simulated gateways (`iotyun simulate`)."""
