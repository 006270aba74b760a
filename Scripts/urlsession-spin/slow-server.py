#!/usr/bin/env python3
"""A loopback HTTP/1.1 server that answers every GET after a delay: an empty GitHub search page
for /search/..., a 404 for anything else (a free username to signup's client).

usage: slow-server.py PORT [DELAY_SECONDS (3)] [close]
Prints the port it listens on (PORT 0: one the system picks) on its first line. With `close`,
every answer closes its connection, so that no request reuses one.
"""
import http.server
import sys
import time

PORT = int(sys.argv[1])
DELAY = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
CLOSE = len(sys.argv) > 3 and sys.argv[3] == "close"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        time.sleep(DELAY)
        if self.path.startswith("/search/"):
            status, body = 200, b'{"total_count":0,"incomplete_results":false,"items":[]}'
        else:
            status, body = 404, b'{"message":"Not Found"}'
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if CLOSE:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
