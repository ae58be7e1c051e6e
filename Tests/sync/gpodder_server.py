"""A real gpodder.net API server for Podline's sync tests: gpodder-fastapi-router under uvicorn on 127.0.0.1.

Usage: gpodder_server.py FOLDER PORTFILE
The database lives in FOLDER; the port the server listens on is written to PORTFILE once it accepts connections.
"""
import asyncio
import os
import socket
import sys

folder, portfile = sys.argv[1], sys.argv[2]
os.chdir(folder)  # GPodderConfig reads a .env file from the working folder: this one has none.
database = "sqlite+aiosqlite:///" + os.path.join(folder, "gpodder.db")

from fastapi import FastAPI  # noqa: E402
from gpodder_router import GPodderConfig, attach  # noqa: E402
import uvicorn  # noqa: E402

config = GPodderConfig(
    database_url=database, create_tables=False, enable_dashboard=False, bcrypt_rounds=4, allow_registration=True)
app = FastAPI()
db = attach(app, config=config)


async def main():
    await db.create_all()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit it: without it, a kept-alive connection's every answer after the first waits
    # 40 ms for the client's delayed ACK (Nagle), which a server behind a real front end does not do.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off"))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    with open(portfile + ".tmp", "w") as out:
        out.write(str(sock.getsockname()[1]))
    os.rename(portfile + ".tmp", portfile)
    await task


asyncio.run(main())
