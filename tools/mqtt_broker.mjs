// A local MQTT-over-WebSocket broker for table mode's tests and benchmark
// (issue 41): aedes (devDependency) behind a ws server on loopback only.
//
//     node tools/mqtt_broker.mjs [PORT] [ADDRESS]   # prints "listening PORT" once ready
//
// ADDRESS is 127.0.0.1 unless given (the NAT test's "internet" address, in its
// own network namespace: tests/table_nat_script.py).
//
// The page is pointed at it by the test server's network.json (never by a link).
import { createServer } from "node:http";
import { Aedes } from "aedes";
import { WebSocketServer, createWebSocketStream } from "ws";

const broker = await Aedes.createBroker();
const server = createServer();
const wss = new WebSocketServer({ server });
wss.on("connection", (socket) => {
  const stream = createWebSocketStream(socket);
  stream.on("error", () => {});
  broker.handle(stream);
});
server.listen(Number(process.argv[2] || 0), process.argv[3] || "127.0.0.1", () => {
  console.log("listening " + server.address().port);
});
process.on("SIGTERM", () => process.exit(0));
