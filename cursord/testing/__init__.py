"""Public test harness for cursord: in-memory and loopback Hypercorn servers, an HTTP client, fakes."""
