"""Tests of iotyun/devices/thumbnails/."""
