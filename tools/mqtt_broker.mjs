// A local MQTT-over-WebSocket broker for table mode's tests and benchmark
// (issue 41): aedes (devDependency) behind a ws server on loopback only.
//
//     node tools/mqtt_broker.mjs [PORT]     # prints "listening PORT" once ready
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
server.listen(Number(process.argv[2] || 0), "127.0.0.1", () => {
  console.log("listening " + server.address().port);
});
process.on("SIGTERM", () => process.exit(0));
