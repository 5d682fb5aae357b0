"""Tests of iotyun/devices/gps/."""
