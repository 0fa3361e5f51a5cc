// A real Connect client (connect-es) against a running cursord: BidiAppend and RunSSE, by scenario.
//
//   node connect_es_client.mjs --base-url http(s)://127.0.0.1:PORT --schema-dir DIR --http 2|1.1 \
//       [--ca FILE] [--model ID] [--param ID=VALUE]... [--read-content TEXT] [--script FILE] SCENARIO...
//
// Run requests ask for model --model (default "m"), with the model parameters --param gives (as the
// editor's picker sends a thinking or effort choice); every read exec is answered with --read-content
// (default FIXED_READ_CONTENT), so the same scenarios drive scripted behaviours and the real agent turn.
//
// The wire schema is loaded at run time from DIR/*.binpb (FileDescriptorSets) into one protobuf-es
// registry; messages are built by type name and services come from the registry, so nothing here is
// generated code. Prints one JSON line: {"http", "h2Streams", "retries", "results": {scenario: result}}. Scenarios
// report what happened (acks, decoded messages, errors); the pytest decides whether that is right. A
// scenario that throws unexpectedly reports {"thrown": error} and the script exits 1.
//
// Transports: BidiAppend goes through connect-es's stock createConnectTransport. RunSSE needs one
// change, because the daemon labels the stream `text/event-stream` (as Cursor's backend does) and
// connect-es refuses any stream content type but application/connect+(proto|json): `sseTransport`
// is connect-es's own Connect protocol (createTransport from protocol-connect) over connect-node's
// HTTP client, wrapped to rename that one response header. The scenario `stock-refuses` shows the
// stock transport failing on it.
//
// Run (the editor's HTTP/2 agent path) is a bidi stream: the `run-*` scenarios drive it through the stock
// transport over node:http2, with TLS when --base-url is https (trusting only --ca, cursord's CA, as the
// editor trusts it through NODE_EXTRA_CA_CERTS). Uploads go on the same stream as the answers come back.
//
// Adding a scenario: write `async function name(ctx) { ... return result; }` and list it in SCENARIOS.
// The `script` scenario is driven by --script FILE (JSON written by the pytest): runs, each a request id,
// the AgentClientMessages to upload (protobuf JSON), and how to answer execs and kv requests; see `script`.

import { readdirSync, readFileSync } from "node:fs";
import * as http from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { create, createFileRegistry, fromBinary, fromJson, toBinary, toJson } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { validateReadWriteMaxBytes } from "@connectrpc/connect/protocol";
import { createTransport } from "@connectrpc/connect/protocol-connect";
import {
  compressionBrotli,
  compressionGzip,
  createConnectTransport,
  createNodeHttpClient,
  Http2SessionManager,
} from "@connectrpc/connect-node";

const WATCHDOG_MS = 40_000; // below the pytest's own deadline, so a hang still prints what it has

// ---- schema ---------------------------------------------------------------------------------------

function loadSchema(dir) {
  const files = readdirSync(dir).filter((name) => name.endsWith(".binpb")).sort();
  if (files.length === 0) throw new Error(`no *.binpb FileDescriptorSets in ${dir}`);
  const registries = files.map((name) =>
    createFileRegistry(fromBinary(FileDescriptorSetSchema, readFileSync(join(dir, name)))),
  );
  const registry = createFileRegistry(...registries);
  const message = (typeName) => {
    const desc = registry.getMessage(typeName);
    if (desc === undefined) throw new Error(`message ${typeName} not in the schema`);
    return desc;
  };
  const service = (typeName) => {
    const desc = registry.getService(typeName);
    if (desc === undefined) throw new Error(`service ${typeName} not in the schema`);
    return desc;
  };
  return {
    registry,
    message,
    bidiService: service("aiserver.v1.BidiService"),
    agentService: service("agent.v1.AgentService"),
    AgentClientMessage: message("agent.v1.AgentClientMessage"),
    AgentServerMessage: message("agent.v1.AgentServerMessage"),
    BidiAppendRequest: message("aiserver.v1.BidiAppendRequest"),
    BidiAppendResponse: message("aiserver.v1.BidiAppendResponse"),
  };
}

// ---- transports -----------------------------------------------------------------------------------

const SSE_CONTENT_TYPE = /^text\/event-stream\s*(;.*)?$/i;

/** connect-node's HTTP client with `text/event-stream` renamed to what connect-es expects. */
function renamingEventStream(httpClient) {
  return async (request) => {
    const response = await httpClient(request);
    const contentType = response.header.get("content-type");
    if (contentType === null || !SSE_CONTENT_TYPE.test(contentType)) return response;
    const header = new Headers(response.header);
    header.set("content-type", "application/connect+proto");
    return { ...response, header };
  };
}

/** Counts the HTTP/2 streams opened, so the report shows every call went over one h2c connection. */
class CountingSessionManager extends Http2SessionManager {
  streams = 0;
  request(...args) {
    this.streams += 1;
    return super.request(...args);
  }
}

function makeTransports(baseUrl, httpVersion, ca) {
  let httpClient;
  let stockOptions;
  let close;
  let h2 = null;
  if (httpVersion === "2") {
    h2 = new CountingSessionManager(baseUrl, undefined, ca ? { ca } : undefined);
    httpClient = createNodeHttpClient({ httpVersion: "2", sessionProvider: () => h2 });
    stockOptions = { baseUrl, httpVersion: "2", sessionManager: h2 };
    close = () => h2.abort();
  } else if (httpVersion === "1.1") {
    if (ca) throw new Error("--ca is for HTTP/2 (the agent listener) only");
    const agent = new http.Agent({ keepAlive: true });
    httpClient = createNodeHttpClient({ httpVersion: "1.1", nodeOptions: { agent } });
    stockOptions = { baseUrl, httpVersion: "1.1", nodeOptions: { agent } };
    close = () => agent.destroy();
  } else {
    throw new Error(`--http must be 2 or 1.1, not ${httpVersion}`);
  }
  // The same options createConnectTransport fills in (connect-node's defaults), but our httpClient.
  const sse = createTransport({
    httpClient: renamingEventStream(httpClient),
    baseUrl,
    useBinaryFormat: true,
    interceptors: [],
    acceptCompression: [compressionGzip, compressionBrotli],
    sendCompression: null,
    ...validateReadWriteMaxBytes(undefined, undefined, undefined),
  });
  return { stock: createConnectTransport(stockOptions), sse, close, h2Streams: () => (h2 ? h2.streams : null) };
}

// ---- the editor's side of the protocol ------------------------------------------------------------

/** A small seeded PRNG (mulberry32), so a run's overtaking and retries can be repeated. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const APPEND_WINDOW = 32; // appends in flight at once, as Cursor's agent host allows
const APPEND_JITTER_MS = 4; // each send waits up to this long first, so a later one can overtake it
const APPEND_RETRY_RATE = 0.25; // the share of appends sent a second time, with the same seqno and bytes

class Editor {
  constructor(schema, transports, { model, params = [], readContent, seed = 1 }) {
    this.schema = schema;
    this.model = model;
    this.parameters = params.map((pair) => {
      const at = pair.indexOf("=");
      return { id: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    this.readContent = readContent;
    this.bidi = createClient(schema.bidiService, transports.stock);
    this.agentStock = createClient(schema.agentService, transports.stock);
    this.agent = createClient(schema.agentService, transports.sse);
    this.seqnos = new Map();
    this.random = prng(seed);
    this.inFlight = 0;
    this.waiting = [];
    this.retries = 0; // appends sent a second time (each is one more HTTP/2 stream)
  }

  /** One BidiAppend of an AgentClientMessage (a protobuf-es init object), sent as Cursor's agent host
   * sends: numbered from 0 per request id, up to 32 in flight, each after a random few milliseconds (so a
   * later one may overtake it), and some sent again with the same seqno and bytes once their ACK came (an
   * ACK lost on the way). Resolves to the ACK as JSON; a retry's ACK must equal the first. Callers that
   * do not await it let the next append go at once. */
  append(requestId, clientMessage, { seqno } = {}) {
    const { schema } = this;
    const next = seqno ?? (this.seqnos.has(requestId) ? this.seqnos.get(requestId) + 1 : 0);
    this.seqnos.set(requestId, Math.max(next, this.seqnos.get(requestId) ?? -1));
    const payload = toBinary(schema.AgentClientMessage, create(schema.AgentClientMessage, clientMessage));
    const request = { requestId: { requestId }, appendSeqno: BigInt(next), data: Buffer.from(payload).toString("hex") };
    const delay = this.random() * APPEND_JITTER_MS;
    const retry = this.random() < APPEND_RETRY_RATE;
    return this.#windowed(async () => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      const response = await this.bidi.bidiAppend(request);
      const ack = toJson(schema.BidiAppendResponse, response);
      if (retry) {
        this.retries += 1;
        const again = toJson(schema.BidiAppendResponse, await this.bidi.bidiAppend(request));
        if (JSON.stringify(again) !== JSON.stringify(ack)) throw new Error(`a retried append got ${JSON.stringify(again)}`);
      }
      return { ack, bytes: toBinary(schema.BidiAppendResponse, response).length };
    });
  }

  async #windowed(send) {
    while (this.inFlight >= APPEND_WINDOW) await new Promise((resolve) => this.waiting.push(resolve));
    this.inFlight += 1;
    try {
      return await send();
    } finally {
      this.inFlight -= 1;
      this.waiting.shift()?.();
    }
  }

  /** A raw BidiAppendRequest (for malformed ones); returns the ACK as JSON. */
  async appendRaw(init) {
    const response = await this.bidi.bidiAppend(init);
    return toJson(this.schema.BidiAppendResponse, response);
  }

  /** One Run call: `uploads` is an async iterable of AgentClientMessage inits; returns the responses. */
  run(requestId, uploads, { signal } = {}) {
    const { schema } = this;
    async function* messages() {
      for await (const init of uploads) yield create(schema.AgentClientMessage, init);
    }
    return this.agentStock.run(messages(), { headers: { "x-request-id": requestId }, signal });
  }

  runSSE(requestId, { stock = false, signal } = {}) {
    return (stock ? this.agentStock : this.agent).runSSE({ requestId }, { signal });
  }

  json(message) {
    return toJson(this.schema.AgentServerMessage, message, { registry: this.schema.registry });
  }
}

/** Read a RunSSE to its end: every message (as JSON), then `end` null (clean) or the ConnectError. */
async function readToEnd(editor, stream, onMessage = async () => {}) {
  const messages = [];
  try {
    for await (const message of stream) {
      messages.push(editor.json(message));
      await onMessage(message);
    }
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return { messages, end: errorJson(error) };
  }
  return { messages, end: null };
}

function errorJson(error) {
  const e = ConnectError.from(error);
  return { code: Code[e.code], message: e.rawMessage, name: e.name };
}

async function expectConnectError(promise) {
  try {
    return { ok: await promise };
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return { error: errorJson(error) };
  }
}

function runRequest(editor, text) {
  return {
    message: {
      case: "runRequest",
      value: {
        conversationId: "conv-interop",
        // an empty request context, as editors always send one (without, cursord asks for it)
        action: { action: { case: "userMessageAction", value: { userMessage: { text }, requestContext: {} } } },
        requestedModel: { modelId: editor.model, parameters: editor.parameters },
      },
    },
  };
}

function execResult(id, execId) {
  return { message: { case: "execClientMessage", value: { id, execId } } };
}

function cancelAction(reason) {
  return {
    message: { case: "conversationAction", value: { action: { case: "cancelAction", value: { reason } } } },
  };
}

// ---- exec answers: how this "editor" runs the tools the daemon asks for ---------------------------

const FIXED_READ_CONTENT = "first line\nsecond line\n"; // tests/test_interop_connect_es.py expects this

function lineCount(text) {
  return text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** exec_server_message oneof case -> (args, editor) => the exec_client_message oneof ({case, value}). */
const EXEC_ANSWERS = {
  readArgs: (args, { readContent }) => ({
    case: "readResult",
    value: {
      result: {
        case: "success",
        value: {
          path: args.path,
          output: { case: "content", value: readContent }, // ReadSuccess.content is in oneof output
          totalLines: lineCount(readContent),
          fileSize: BigInt(Buffer.byteLength(readContent)),
        },
      },
    },
  }),
};

/** Answer one exec_server_message through BidiAppend; returns what was done, for the report. */
async function answerExec(editor, requestId, exec) {
  const kind = exec.message.case;
  const answer = EXEC_ANSWERS[kind];
  if (answer === undefined) return { id: exec.id, execId: exec.execId, kind, answered: false };
  const reply = create(editor.schema.message("agent.v1.ExecClientMessage"), {
    id: exec.id,
    execId: exec.execId,
    message: answer(exec.message.value, editor),
  });
  const { ack } = await editor.append(requestId, { message: { case: "execClientMessage", value: reply } });
  return { id: exec.id, execId: exec.execId, kind, answered: true, replied: reply.message.case, ack };
}

// ---- scenarios ------------------------------------------------------------------------------------

/** Run request, RunSSE open while more appends arrive; messages in order and a clean end. */
async function echo({ editor, requestId }) {
  const acks = [];
  acks.push(await editor.append(requestId, runRequest(editor, "hello")));
  const messages = [];
  const stream = editor.runSSE(requestId)[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await stream.next();
    if (!done) messages.push(editor.json(value));
    return done;
  };
  await next(); // "echo: hello", before the next uploads exist
  acks.push(await editor.append(requestId, execResult(1, "x")));
  await next();
  acks.push(await editor.append(requestId, execResult(2, "last")));
  try {
    while (!(await next()));
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return { acks, messages, end: errorJson(error) };
  }
  return { acks, messages, end: null };
}

/** The same stream through the stock transport: connect-es refuses text/event-stream. */
async function stockRefuses({ editor, requestId }) {
  const ack = await editor.append(requestId, runRequest(editor, "finish"));
  const stock = await readToEnd(editor, editor.runSSE(requestId, { stock: true }));
  const wrapped = await readToEnd(editor, editor.runSSE(requestId));
  return { ack, stock, wrapped };
}

/** A cancel action ends the stream with an error end-stream; connect-es raises it. */
async function cancel({ editor, requestId }) {
  const acks = [await editor.append(requestId, runRequest(editor, "work")), await editor.append(requestId, cancelAction("stop it"))];
  return { acks, ...(await readToEnd(editor, editor.runSSE(requestId))) };
}

/** Malformed BidiAppends surface as ConnectErrors from the unary call. */
async function malformed({ editor, requestId }) {
  const payload = toBinary(editor.schema.AgentClientMessage, create(editor.schema.AgentClientMessage, runRequest(editor, "x")));
  const hex = Buffer.from(payload).toString("hex");
  return {
    noRequestId: await expectConnectError(editor.appendRaw({ appendSeqno: 1n, data: hex })),
    badHex: await expectConnectError(editor.appendRaw({ requestId: { requestId }, appendSeqno: 1n, data: "zz" })),
  };
}

/** A turn with a tool round trip: answer every exec_server_message the stream carries, read to the end.
 * Against the real agent turn (with --model) this is a whole turn: provider pass, Read exec, final answer. */
async function execRead({ editor, requestId }) {
  const ack = await editor.append(requestId, runRequest(editor, "read the file"));
  const execs = [];
  const result = await readToEnd(editor, editor.runSSE(requestId), async (message) => {
    if (message.message.case === "execServerMessage") {
      execs.push(await answerExec(editor, requestId, message.message.value));
    }
  });
  return { ack, execs, ...result };
}

/** Runs from --script FILE: {"runs": [{"requestId", "uploads": [AgentClientMessage JSON...],
 *  "execAnswers": {execServerMessage case: ExecClientMessage JSON without id/execId}, "blobs": {base64 id:
 *  base64 data}, "interactionAnswers": {interactionQuery case: InteractionResponse JSON without id}}]}.
 *  Each run uploads its messages in order, then reads its RunSSE to the end, answering every exec whose case
 *  has an answer, every getBlobArgs from "blobs" (empty when unknown), every setBlobArgs, and every
 *  interaction query whose case has an answer (as the user would: the editor's interactionResponse). */
async function script({ editor, requestId, scriptFile }) {
  const plan = JSON.parse(readFileSync(scriptFile, "utf8"));
  const ClientMessage = editor.schema.AgentClientMessage;
  const ExecClientMessage = editor.schema.message("agent.v1.ExecClientMessage");
  const KvClientMessage = editor.schema.message("agent.v1.KvClientMessage");
  const InteractionResponse = editor.schema.message("agent.v1.InteractionResponse");
  const runs = [];
  for (const [index, run] of plan.runs.entries()) {
    const id = run.requestId ?? `${requestId}-${index}`;
    // every upload of the run at once, as the agent host sends them: they may overtake each other
    const acks = await Promise.all(
      run.uploads.map((upload) => editor.append(id, fromJson(ClientMessage, upload, { registry: editor.schema.registry }))),
    );
    const execs = [];
    const kv = [];
    const answers = []; // the answers' appends, not awaited one by one (the next message is read at once)
    const queries = [];
    const result = await readToEnd(editor, editor.runSSE(id), async (message) => {
      if (message.message.case === "interactionQuery") {
        const query = message.message.value;
        const answer = (run.interactionAnswers ?? {})[query.query.case];
        queries.push({ id: query.id, kind: query.query.case, answered: answer !== undefined });
        if (answer === undefined) return;
        const value = fromJson(InteractionResponse, { ...answer, id: query.id }, { registry: editor.schema.registry });
        answers.push(editor.append(id, { message: { case: "interactionResponse", value } }));
      } else if (message.message.case === "execServerMessage") {
        const exec = message.message.value;
        const answer = (run.execAnswers ?? {})[exec.message.case];
        if (answer === undefined) {
          execs.push({ id: exec.id, kind: exec.message.case, answered: false });
          return;
        }
        const reply = fromJson(ExecClientMessage, { ...answer, id: exec.id, execId: exec.execId }, { registry: editor.schema.registry });
        const entry = { id: exec.id, kind: exec.message.case, answered: true };
        execs.push(entry);
        answers.push(editor.append(id, { message: { case: "execClientMessage", value: reply } }).then(({ ack }) => {
          entry.ack = ack;
        }));
      } else if (message.message.case === "kvServerMessage") {
        const request = message.message.value;
        let reply;
        if (request.message.case === "getBlobArgs") {
          const key = Buffer.from(request.message.value.blobId).toString("base64");
          const data = (run.blobs ?? {})[key];
          reply = { id: request.id, getBlobResult: data === undefined ? {} : { blobData: data } };
        } else if (request.message.case === "setBlobArgs") {
          reply = { id: request.id, setBlobResult: {} };
        } else {
          return;
        }
        const value = fromJson(KvClientMessage, reply, { registry: editor.schema.registry });
        answers.push(editor.append(id, { message: { case: "kvClientMessage", value } }));
        kv.push(request.message.case);
      }
    });
    await Promise.all(answers);
    runs.push({ requestId: id, acks, execs, kv, queries, ...result });
  }
  return { runs };
}

// ---- Run: the bidi agent path --------------------------------------------------------------------

/** An async iterable the scenario pushes uploads into, and ends: the request side of a Run. */
function uploadQueue() {
  const items = [];
  let wake = null;
  let ended = false;
  const poke = () => {
    if (wake !== null) wake();
    wake = null;
  };
  return {
    push(item) {
      items.push(item);
      poke();
    },
    end() {
      ended = true;
      poke();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (items.length > 0) yield items.shift();
        else if (ended) return;
        else await new Promise((resolve) => (wake = resolve));
      }
    },
  };
}

/** A whole tool turn on one Run stream: the run request, an answer to every exec on the same stream,
 * the request ended only once the response has ended. */
async function runExecRead({ editor, requestId }) {
  const uploads = uploadQueue();
  uploads.push(runRequest(editor, "read the file"));
  const execs = [];
  const messages = [];
  let end = null;
  try {
    for await (const message of editor.run(requestId, uploads)) {
      messages.push(editor.json(message));
      if (message.message.case === "execServerMessage") {
        const exec = message.message.value;
        const answer = EXEC_ANSWERS[exec.message.case];
        if (answer === undefined) {
          execs.push({ id: exec.id, execId: exec.execId, kind: exec.message.case, answered: false });
          continue;
        }
        const reply = { id: exec.id, execId: exec.execId, message: answer(exec.message.value, editor) };
        uploads.push({ message: { case: "execClientMessage", value: reply } });
        execs.push({ id: exec.id, execId: exec.execId, kind: exec.message.case, answered: true, replied: reply.message.case });
      }
    }
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    end = errorJson(error);
  } finally {
    uploads.end();
  }
  return { execs, messages, end };
}

/** Cancel by ending the request: after the first answer the client ends its side of the Run. */
async function runCancelByEnding({ editor, requestId }) {
  const uploads = uploadQueue();
  uploads.push(runRequest(editor, "work"));
  const messages = [];
  try {
    for await (const message of editor.run(requestId, uploads)) {
      messages.push(editor.json(message));
      uploads.end();
    }
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return { messages, end: errorJson(error) };
  }
  return { messages, end: null };
}

/** Cancel by a conversation_action on the Run stream itself. */
async function runCancelByAction({ editor, requestId }) {
  const uploads = uploadQueue();
  uploads.push(runRequest(editor, "work"));
  uploads.push(cancelAction("stop it"));
  const messages = [];
  try {
    for await (const message of editor.run(requestId, uploads)) messages.push(editor.json(message));
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return { messages, end: errorJson(error) };
  } finally {
    uploads.end();
  }
  return { messages, end: null };
}

/** A Run and a RunSSE subscriber on the same request id: both read to the end, uploads go on the Run. */
async function runWithRunSSE({ editor, requestId }) {
  const uploads = uploadQueue();
  uploads.push(runRequest(editor, "hello"));
  const run = editor.run(requestId, uploads)[Symbol.asyncIterator]();
  const byRun = [editor.json((await run.next()).value)]; // "echo: hello": the stream exists now
  const sse = readToEnd(editor, editor.runSSE(requestId));
  uploads.push(execResult(1, "x"));
  uploads.push(execResult(2, "last"));
  let runEnd = null;
  try {
    for (;;) {
      const { value, done } = await run.next();
      if (done) break;
      byRun.push(editor.json(value));
    }
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    runEnd = errorJson(error);
  } finally {
    uploads.end();
  }
  return { run: { messages: byRun, end: runEnd }, sse: await sse };
}

const SCENARIOS = {
  echo,
  "stock-refuses": stockRefuses,
  cancel,
  malformed,
  "exec-read": execRead,
  "run-exec-read": runExecRead,
  "run-cancel-end": runCancelByEnding,
  "run-cancel-action": runCancelByAction,
  "run-with-runsse": runWithRunSSE,
  script,
};

// ---- main -----------------------------------------------------------------------------------------

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      "base-url": { type: "string" },
      "schema-dir": { type: "string" },
      http: { type: "string", default: "2" },
      ca: { type: "string" },
      model: { type: "string", default: "m" },
      param: { type: "string", multiple: true, default: [] },
      "read-content": { type: "string", default: FIXED_READ_CONTENT },
      script: { type: "string" },
    },
    allowPositionals: true,
  });
  if (!values["base-url"] || !values["schema-dir"] || positionals.length === 0) {
    throw new Error(`usage: --base-url URL --schema-dir DIR [--http 2|1.1] [--ca FILE] [--model ID] [--param ID=VALUE]... [--read-content TEXT] SCENARIO... (${Object.keys(SCENARIOS)})`);
  }
  for (const name of positionals) {
    if (!(name in SCENARIOS)) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS)}`);
  }
  const schema = loadSchema(values["schema-dir"]);
  const ca = values.ca ? readFileSync(values.ca) : undefined;
  const transports = makeTransports(values["base-url"], values.http, ca);
  const editor = new Editor(schema, transports, {
    model: values.model,
    params: values.param,
    readContent: values["read-content"],
  });
  const results = {};
  const report = (extra = {}) =>
    console.log(
      JSON.stringify({ http: values.http, h2Streams: transports.h2Streams(), retries: editor.retries, results, ...extra }, (_, v) =>
        typeof v === "bigint" ? v.toString() : v,
      ),
    );
  let failed = false;
  const watchdog = setTimeout(() => {
    report({ watchdog: `gave up after ${WATCHDOG_MS} ms` });
    process.exit(3);
  }, WATCHDOG_MS);
  watchdog.unref();
  try {
    for (const name of positionals) {
      const requestId = `${name}-http${values.http}-${process.pid}`;
      try {
        results[name] = await SCENARIOS[name]({ editor, requestId, scriptFile: values.script });
      } catch (error) {
        failed = true;
        results[name] = { thrown: { name: error?.name, message: String(error?.message ?? error), stack: error?.stack } };
      }
    }
  } finally {
    clearTimeout(watchdog);
    report();
    transports.close();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
