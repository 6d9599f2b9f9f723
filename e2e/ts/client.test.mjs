// Foreign-client end-to-end test: the TypeScript MCP SDK starts the examples'
// serve command (shop and broadcast on one server) over stdio, lists its tools (every schema must compile in the
// SDK's own validator and under a strict JSON Schema 2020-12 validator),
// calls valid and invalid tools and checks the results.
//
// Run from this directory: npm ci && npm test (needs the go tool on PATH).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const binDir = mkdtempSync(path.join(tmpdir(), 'stitchgen-e2e-'));
const clients = {};

const HINT = "The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again.";

// ALL are the tools the serve command serves.
const ALL = ['place_order', 'get_order', 'cancel_order', 'send_broadcast', 'edit_broadcast', 'preview_broadcast'];

// serverLog collects what the serve command's observer logs on stderr.
let serverLog = '';

async function start(name) {
  const bin = path.join(binDir, name);
  execFileSync('go', ['build', '-o', bin, `./${name}`], { cwd: path.join(repo, 'examples'), stdio: 'inherit' });
  const client = new Client({ name: 'stitchgen-e2e-ts', version: '0.0.0' });
  const transport = new StdioClientTransport({ command: bin, args: [], stderr: 'pipe' });
  transport.stderr.on('data', (chunk) => { serverLog += chunk; });
  await client.connect(transport);
  return client;
}

before(async () => {
  clients.serve = await start('serve');
});

after(async () => {
  for (const c of Object.values(clients)) await c.close();
  rmSync(binDir, { recursive: true, force: true });
});

function strict2020() {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

// listAndCompile lists the tools and compiles every schema twice: with the
// validator the SDK client uses, and with a strict 2020-12 Ajv.
async function listAndCompile(client, names) {
  const { tools } = await client.listTools();
  // The Go SDK lists tools sorted by name.
  assert.deepEqual(tools.map((t) => t.name), [...names].sort());
  const sdk = new AjvJsonSchemaValidator();
  const ajv = strict2020();
  const validators = {};
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', `${t.name}: input root`);
    assert.ok(t.description, `${t.name}: description`);
    for (const [kind, schema] of [['input', t.inputSchema], ['output', t.outputSchema]]) {
      if (!schema) continue;
      assert.doesNotThrow(() => sdk.getValidator(schema), `${t.name} ${kind} schema in the SDK validator`);
      assert.doesNotThrow(() => ajv.compile(schema), `${t.name} ${kind} schema under strict 2020-12`);
    }
    validators[t.name] = ajv.compile(t.inputSchema);
  }
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  return { byName, validators };
}

// callValid calls a tool with arguments that the advertised schema accepts
// and that must succeed.
async function callValid(client, validators, name, args) {
  assert.ok(validators[name](args), `${name}: advertised schema rejects valid arguments: ${JSON.stringify(validators[name].errors)}`);
  const res = await client.callTool({ name, arguments: args });
  assert.ok(!res.isError, `${name}: ${res.content?.[0]?.text}`);
  return res;
}

// callInvalid calls a tool with bad arguments and checks the envelope.
async function callInvalid(client, name, args, want) {
  const res = await client.callTool({ name, arguments: args });
  assert.equal(res.isError, true, `${name} ${JSON.stringify(args)} was accepted`);
  assert.equal(res.structuredContent, undefined);
  const env = JSON.parse(res.content[0].text);
  assert.equal(env.error, 'VALIDATION_ERROR');
  assert.equal(env.hint, HINT);
  const got = env.issues.map((i) => `${i.path} ${i.code}`).sort();
  assert.deepEqual(got, [...want].sort());
}

const order = {
  customerId: 42,
  items: [{ sku: 'A-1', quantity: 2 }, { sku: 'B-2', quantity: 1, giftWrap: true }],
  giftMessage: 'Happy birthday',
  delivery: { method: 'pickup', storeId: 0 },
};

test('shop: tools/list, valid and invalid calls', async () => {
  const client = clients.serve;
  const { validators } = await listAndCompile(client, ALL);

  const placed = await callValid(client, validators, 'place_order', order);
  const receipt = {
    orderId: 'o-1', customerId: 42, units: 3, totalCents: 4050,
    method: 'pickup', status: 'placed', giftMessage: 'Happy birthday',
  };
  assert.deepEqual(placed.structuredContent, receipt);
  assert.deepEqual(JSON.parse(placed.content[0].text), receipt);

  const got = await callValid(client, validators, 'get_order', { orderId: 'o-1' });
  assert.deepEqual(got.structuredContent, receipt);

  const cancelled = await callValid(client, validators, 'cancel_order', { orderId: 'o-1' });
  assert.equal(cancelled.content[0].text, 'cancelled o-1 (customer request)');
  assert.equal(cancelled.structuredContent, undefined);

  await callInvalid(client, 'place_order', { ...order, expressShipping: true }, ['/expressShipping unknown_key']);
  const { customerId, ...rest } = order;
  await callInvalid(client, 'place_order', { ...rest, CustomerID: customerId }, ['/CustomerID unknown_key', '/customerId missing']);
  await callInvalid(client, 'place_order', { ...order, items: [{ sku: 'A-1', quantity: '1' }] }, ['/items/0/quantity type']);
  await callInvalid(client, 'place_order', { ...order, delivery: { storeId: 1 } }, ['/delivery/method discriminator']);
  await callInvalid(client, 'place_order', { ...order, delivery: { method: 'courier', address: '1 Main Street', storeId: 1 } },
    ['/delivery/storeId unknown_key']);
  await callInvalid(client, 'get_order', {}, ['/orderId missing']);

  const failed = await client.callTool({ name: 'get_order', arguments: { orderId: 'o-9' } });
  assert.equal(failed.isError, true);
  assert.equal(JSON.parse(failed.content[0].text).error, 'TOOL_ERROR');
});

test('broadcast: media as object and array, shared index, strict beside strip', async () => {
  const client = clients.serve;
  const { byName, validators } = await listAndCompile(client, ALL);
  const parts = byName.send_broadcast.inputSchema.properties.parts.items;
  assert.deepEqual(parts.properties.media.type, ['object', 'array']);
  const ops = byName.edit_broadcast.inputSchema.properties.ops.items;
  assert.deepEqual(ops.properties.index, { type: 'integer', minimum: 0, description: 'Zero-based part index.' });

  const sent = await callValid(client, validators, 'send_broadcast', {
    channel: 'news',
    parts: [
      { kind: 'text', text: 'Hello' },
      { kind: 'image', media: { url: 'https://example.com/a.png' }, text: 'stripped' },
      { kind: 'gallery', media: [{ url: 'https://example.com/b.png' }, { url: 'https://example.com/c.png' }] },
    ],
  });
  assert.deepEqual(sent.structuredContent, { broadcastId: 'b-1', channel: 'news', parts: 3, mediaCount: 3 });

  const edited = await callValid(client, validators, 'edit_broadcast',
    { broadcastId: 'b-1', ops: [{ op: 'move', index: 2, to: 0 }, { op: 'remove', index: 1 }] });
  assert.equal(edited.content[0].text, 'b-1 now has 2 parts');

  await callInvalid(client, 'send_broadcast',
    { channel: 'news', parts: [{ kind: 'text', text: 'Hi', media: { url: 'https://example.com/a.png' } }] },
    ['/parts/0/media unknown_key']);
  await callInvalid(client, 'send_broadcast',
    { channel: 'news', parts: [{ kind: 'gallery', media: { url: 'https://example.com/a.png' } }] },
    ['/parts/0/media type']);
  await callInvalid(client, 'edit_broadcast', { broadcastId: 'b-1', ops: [{ op: 'remove', index: -1 }] }, ['/ops/0/index range']);
  await callInvalid(client, 'edit_broadcast', { broadcastId: 'b-1', ops: [{ index: 0 }] }, ['/ops/0/op discriminator']);
});

test('rich results: text and image, progress, logging, annotations, an unknown tool', async () => {
  const client = clients.serve;
  const { byName } = await listAndCompile(client, ALL);
  // The go-sdk writes readOnlyHint and idempotentHint always (false by default).
  assert.deepEqual(byName.get_order.annotations, { readOnlyHint: true, idempotentHint: false, openWorldHint: false });
  assert.deepEqual(byName.cancel_order.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
  assert.deepEqual(byName.preview_broadcast.annotations, { readOnlyHint: true, idempotentHint: false, openWorldHint: false });

  const logs = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { logs.push(n.params); });
  await client.setLoggingLevel('info');
  // The SDK's own onprogress misses notifications that arrive in the same
  // read as the result (it runs notification handlers in a later microtask
  // but drops the call's progress handler when the result arrives), so the
  // test sends the token itself and collects every notification.
  const progress = [];
  client.setNotificationHandler(ProgressNotificationSchema, (n) => { progress.push(n.params); });
  const res = await client.callTool({ name: 'preview_broadcast', arguments: { broadcastId: 'b-1' }, _meta: { progressToken: 'ts-1' } });
  await client.ping(); // a round trip: the notifications sent before the result are handled by now
  assert.ok(!res.isError, res.content?.[0]?.text);
  assert.equal(res.content.length, 2);
  assert.deepEqual(res.content[0], { type: 'text', text: 'Preview of b-1 in #news: 2 parts' });
  assert.equal(res.content[1].type, 'image');
  assert.equal(res.content[1].mimeType, 'image/png');
  assert.equal(Buffer.from(res.content[1].data, 'base64').subarray(1, 4).toString(), 'PNG');
  assert.deepEqual(progress.map((p) => [p.progressToken, p.progress, p.total, p.message]),
    [['ts-1', 0, 2, 'rendering the preview'], ['ts-1', 1, 2, 'preview rendered'], ['ts-1', 2, 2, 'done']]);
  assert.deepEqual(logs, [{ level: 'info', logger: 'broadcast', data: 'Preview of b-1 in #news: 2 parts' }]);

  const unknown = await client.callTool({ name: 'preview_broadcasts', arguments: {} });
  assert.equal(unknown.isError, true);
  assert.equal(JSON.parse(unknown.content[0].text).error, 'UNKNOWN_TOOL');
  // The observer saw it (the serve command logs every call it observes).
  await client.ping();
  assert.match(serverLog, /preview_broadcasts UNKNOWN_TOOL in /);
});
