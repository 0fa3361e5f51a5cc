"""TLS for cursord: its local CA (name-constrained to Cursor's hosts and loopback) and verified upstream connections."""
