// A real node:cluster: the primary relays (relayWorkspaceEvents), two workers each run an event
// bus over IPC. Worker 1 publishes; the line "received <json>" shows what worker 2 got.
// Runs the built server code: node cluster-relay.fixture.mjs <dist folder>
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';

const dist = process.argv[2] ?? process.env.KETE_DIST;
const load = (path) => import(pathToFileURL(`${dist}/modules/events/${path}`).href);
const { clusterTransport, relayWorkspaceEvents } = await load('cluster-transport.js');
const { WorkspaceEventBus } = await load('event-bus.js');

if (cluster.isPrimary) {
  cluster.setupPrimary({ args: [dist] });
  relayWorkspaceEvents(cluster);
  const workers = [cluster.fork(), cluster.fork()];
  let ready = 0;
  for (const worker of workers) {
    worker.on('message', (message) => {
      if (message === 'ready' && ++ready === workers.length) workers[0].send('publish');
      if (typeof message === 'string' && message.startsWith('received ')) {
        console.log(message);
        for (const w of workers) w.kill();
        process.exit(0);
      }
    });
  }
  setTimeout(() => {
    console.log('timed out');
    process.exit(1);
  }, 10_000).unref();
} else {
  const bus = new WorkspaceEventBus(clusterTransport(process));
  await bus.start();
  bus.subscribe(7, (event) => {
    if (cluster.worker.id !== 1) process.send(`received ${JSON.stringify(event)}`);
  });
  process.on('message', (message) => {
    if (message === 'publish') {
      bus.publish(7, {
        topic: 'cart',
        action: 'added',
        byUserId: 1,
        byName: 'Sam',
        productName: 'Milk',
        at: 1,
      });
    }
  });
  process.send('ready');
}
