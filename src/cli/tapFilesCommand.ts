/**
 * `payment-workbench tap flow|replay|export <record.jsonl>`: what the Gateway Tap captured (its
 * --record file) turned into a flow that replays it, sent again through the one send path of `run`, or
 * exported with the exporters of `export`. Nothing of this is new machinery: a captured call is an
 * Exchange, so History's Save as Flow (flowFromExchanges) makes the steps, and run's and export's
 * entry points do the rest.
 */
import * as path from 'node:path';
import { getOperation } from '../catalogue/operations';
import { describeFlowProblem, MAX_STEPS, parseFlowText, type Flow } from '../flows';
import { isNameTaken, replaceFile, writeNewFile } from '../files/safeWrite';
import { excerpt } from '../format/quote';
import { LOCAL_SIMULATOR_AUTH_ONLY_ID, LOCAL_SIMULATOR_ID } from '../environments/environment';
import { flowFileName, flowFromExchangesWithNotes, type SavedFlow } from '../history/saveAsFlow';
import { slug } from '../interop/model';
import { exportFlowInput, makeFolders } from './exportCommand';
import { shellQuote } from '../http';
import { runFlowInputs, type CliIo } from './runCommand';
import { replayAdvice } from './tapReplayAdvice';
import { indexRecord, readCalls, type RecordedCall, type RecordedCallIndex } from './tapRecord';
import { TAP_EXPORT_COMMAND, TAP_FLOW_COMMAND, TAP_REPLAY_COMMAND, tapFileCommandOf } from './tapFilesSpecs';
import { parseCommand, UsageError } from './usage';

/** `args` begins with the subcommand: flow, replay or export. */
export async function tapFilesCommand(args: readonly string[], io: CliIo): Promise<number> {
  const spec = tapFileCommandOf(args);
  if (spec === TAP_FLOW_COMMAND) return tapFlow(args.slice(1), io);
  if (spec === TAP_REPLAY_COMMAND) return tapReplay(args.slice(1), io);
  if (spec === TAP_EXPORT_COMMAND) return tapExport(args.slice(1), io);
  throw new UsageError(`tap: no subcommand ${JSON.stringify(String(args[0]).slice(0, 40))}; the tap's subcommands are flow, replay and export`);
}

interface RecordFile {
  file: string;
  /** As the user named it, for messages. */
  shown: string;
  index: RecordedCallIndex[];
  latestRun: number;
}

function openRecord(operands: readonly string[], command: string, cwd: string): RecordFile {
  if (operands.length !== 1) throw new UsageError(`${command}: name one record file (tap --record FILE wrote it)${operands.length ? `, got ${operands.length}` : ''}`);
  const shown = operands[0] as string;
  const file = path.resolve(cwd, shown);
  const index = indexRecord(file, shown);
  return { file, shown, index, latestRun: Math.max(...index.map((c) => c.run)) };
}

const textFlag = (flags: ReadonlyMap<string, string | true>, name: string) => {
  const value = flags.get(name);
  return typeof value === 'string' ? value : undefined;
};

// ---- choosing calls -------------------------------------------------------------------------------

interface CallRef {
  run?: number;
  from: number;
  to: number;
}

const CALL_REF = /^(?:(\d{1,9}):)?(\d{1,15})(?:-(\d{1,15}))?$/;

/** "3", "1:3", "3-5", "2:3-5": a call or a range of calls, in one run. */
function parseCallRef(text: string, flag: string, ranges: boolean): CallRef {
  const m = CALL_REF.exec(text.trim());
  if (!m || (!ranges && m[3] !== undefined)) throw new UsageError(`${flag} takes ${ranges ? 'seqs and ranges such as 1,3-5 (RUN:SEQ for an earlier run)' : 'one seq such as 3 (RUN:SEQ, e.g. 1:3, for an earlier run)'}, got ${JSON.stringify(text.slice(0, 40))}`);
  const from = Number(m[2]);
  const to = m[3] !== undefined ? Number(m[3]) : from;
  if (to < from) throw new UsageError(`${flag}: the range ${text.trim()} ends before it starts`);
  if (to - from >= MAX_STEPS) throw new UsageError(`${flag}: the range ${text.trim()} holds more than ${MAX_STEPS} calls, the most a flow has`);
  return { ...(m[1] !== undefined ? { run: Number(m[1]) } : {}), from, to };
}

const callName = (c: RecordedCallIndex, record: RecordFile) => `${c.run === record.latestRun ? '' : `${c.run}:`}#${c.seq}`;

function findCall(record: RecordFile, run: number, seq: number, flag: string): RecordedCallIndex {
  const found = record.index.find((c) => c.run === run && c.seq === seq);
  if (found) return found;
  const elsewhere = record.index.filter((c) => c.seq === seq).map((c) => `${c.run}:${seq}`);
  const runCalls = record.index.filter((c) => c.run === run);
  const which = record.latestRun > 1 ? ` of run ${run}${run === record.latestRun ? ' (the latest)' : ''}` : '';
  const holds = runCalls.length ? `it holds ${seqRanges(runCalls.map((c) => c.seq))}` : 'no such run';
  throw new UsageError(`${record.shown}: ${flag} ${seq}: no call #${seq}${which}; ${holds}${elsewhere.length ? `; an earlier run has one: ${elsewhere.slice(0, 3).join(', ')}` : ''}`);
}

/** "#1-#4, #6": seqs as a reader scans them. */
function seqRanges(seqs: readonly number[]): string {
  const sorted = [...new Set(seqs)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    parts.push(i === j ? `#${sorted[i]}` : `#${sorted[i]}-#${sorted[j]}`);
    i = j + 1;
  }
  return parts.length > 12 ? `${parts.slice(0, 12).join(', ')}, …` : parts.join(', ');
}

function oneCall(record: RecordFile, flags: ReadonlyMap<string, string | true>, command: string): RecordedCallIndex {
  const text = textFlag(flags, '--call');
  if (text === undefined) throw new UsageError(`${command}: --call SEQ names the call (the # the tap printed; the file holds ${seqRanges(record.index.filter((c) => c.run === record.latestRun).map((c) => c.seq))}${record.latestRun > 1 ? ' in its latest run' : ''})`);
  const ref = parseCallRef(text, '--call', false);
  return findCall(record, ref.run ?? record.latestRun, ref.from, '--call');
}

function notInCatalogue(c: RecordedCallIndex, record: RecordFile): string {
  return `call ${callName(c, record)} (${excerpt(c.title, 120)}) is not an operation of the catalogue`;
}

interface Chosen {
  calls: RecordedCallIndex[];
  /** What the choice was, for the message: "order ORDER-1", "calls #1-#3". */
  what: string;
  /** Calls of the choice the catalogue does not have, left out (a note says so). */
  leftOut: RecordedCallIndex[];
}

function chooseForFlow(record: RecordFile, flags: ReadonlyMap<string, string | true>): Chosen {
  const order = textFlag(flags, '--order');
  const list = textFlag(flags, '--calls');
  if (order !== undefined && list !== undefined) throw new UsageError('tap flow: choose the calls with --order or with --calls, not both');
  if (order !== undefined) return orderCalls(record, order);
  if (list !== undefined) {
    const calls: RecordedCallIndex[] = [];
    for (const part of list.split(',')) {
      const ref = parseCallRef(part, '--calls', true);
      for (let seq = ref.from; seq <= ref.to; seq++) calls.push(findCall(record, ref.run ?? record.latestRun, seq, '--calls'));
      if (calls.length > MAX_STEPS) throw new UsageError(`tap flow: --calls names more than ${MAX_STEPS} calls, the most a flow has`);
    }
    const unknown = calls.find((c) => !c.recognised);
    if (unknown) throw new UsageError(`tap flow: ${notInCatalogue(unknown, record)}: a flow step is an operation of the catalogue; leave it out of --calls`);
    const unique = [...new Map(calls.map((c) => [c.line, c])).values()].sort((a, b) => a.line - b.line);
    return { calls: unique, what: `calls ${seqRanges(unique.map((c) => c.seq))}`, leftOut: [] };
  }
  const latest = record.index.filter((c) => c.run === record.latestRun);
  return { calls: latest.filter((c) => c.recognised), what: `the calls${record.latestRun > 1 ? ` of the latest run (${record.latestRun})` : ''}`, leftOut: latest.filter((c) => !c.recognised) };
}

/** The order's calls and the session calls that led to it (Create and Update Session name no order: their session does). */
function orderCalls(record: RecordFile, orderId: string): Chosen {
  const ofOrder = record.index.filter((c) => c.orderId === orderId);
  if (ofOrder.length === 0) {
    const orders = [...new Set(record.index.map((c) => c.orderId).filter((o): o is string => o !== undefined))];
    throw new UsageError(`tap flow: ${record.shown} has no call of order ${JSON.stringify(orderId.slice(0, 80))}; ${orders.length ? `its orders: ${orders.slice(0, 10).map((o) => excerpt(o, 80)).join(', ')}${orders.length > 10 ? ', …' : ''}` : 'no call in it names an order'}`);
  }
  const sessions = new Set(ofOrder.map((c) => c.sessionId).filter((s): s is string => s !== undefined));
  const all = record.index.filter((c) => c.orderId === orderId || (c.orderId === undefined && c.sessionId !== undefined && sessions.has(c.sessionId)));
  return { calls: all.filter((c) => c.recognised), what: `order ${excerpt(orderId, 80)}`, leftOut: all.filter((c) => !c.recognised) };
}

// ---- tap flow ---------------------------------------------------------------------------------------

async function tapFlow(args: readonly string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommand(TAP_FLOW_COMMAND, args);
  const record = openRecord(operands, 'tap flow', io.cwd);
  const chosen = chooseForFlow(record, flags);
  for (const c of chosen.leftOut) io.err(`Left out ${notInCatalogue(c, record)}.`);
  if (chosen.calls.length === 0) throw new UsageError(`tap flow: ${record.shown}: none of ${chosen.what} is an operation of the catalogue; nothing to save`);
  if (chosen.calls.length > MAX_STEPS) throw new UsageError(`tap flow: ${chosen.what}: ${chosen.calls.length} calls, more than the ${MAX_STEPS} steps a flow holds; choose fewer with --order or --calls`);
  const calls = readCalls(record.file, record.shown, chosen.calls);
  const { flow: { incomplete, ...saved }, notes } = flowFromExchangesWithNotes(calls.map((c) => c.exchange));
  checkedFlow(saved, `the flow saved from ${record.shown}`);
  const out = textFlag(flags, '--out');
  const force = flags.has('--force');
  const target = out !== undefined ? path.resolve(io.cwd, flowFileName(out)) : freeName(io.cwd, slug(textFlag(flags, '--order') ?? path.basename(record.shown, '.jsonl'), 'tap'));
  const shown = shownPath(target, io.cwd);
  if (out !== undefined && !force && isNameTaken(target)) throw takenOut(shown);
  writeFlow(target, saved, out === undefined ? { replace: false } : { replace: force, named: shown });
  io.out(`Wrote ${shown}: ${saved.steps.length} step${saved.steps.length === 1 ? '' : 's'} (${saved.steps.map((s) => s.id).join(', ')}) from ${chosen.what}, ${seqRanges(chosen.calls.map((c) => c.seq))} of ${record.shown}.`);
  if (incomplete.length) {
    io.out('Fill in before it runs (values the tap masked, or a flow cannot hold):');
    for (const id of incomplete) {
      const fields = Object.entries(notes[id] ?? {});
      io.out(`  ${id}: ${fields.length ? fields.map(([field, note]) => `${excerpt(field, 120)} (${note})`).join('; ') : 'a secret of the body (filled from the environment variables at run time)'}`);
    }
  }
  io.out(`Run it: payment-workbench run ${shellQuote(shown)} ${isSimulator(saved.environment) ? '--simulator' : `--env ${shellQuote(saved.environment ?? '<environment>')}`}`);
  return 0;
}

const isSimulator = (environment: string | undefined) => environment === LOCAL_SIMULATOR_ID || environment === LOCAL_SIMULATOR_AUTH_ONLY_ID;


/** The flow as the flow reader takes it: a saved flow that would not read back is a bug, said as one. */
function checkedFlow(saved: Omit<SavedFlow, 'incomplete'>, where: string): Flow {
  const parsed = parseFlowText(JSON.stringify(saved));
  if (!parsed.ok) throw new Error(`${where} is not a valid flow (please report this): ${parsed.problems.map((p) => describeFlowProblem(p, where)).join('; ')}`);
  return parsed.flow;
}

const takenOut = (shown: string) => new UsageError(`tap flow: ${shown} exists; use --force to replace it, or name another file with --out`);

/** `stem.payflow.json` in `dir`, or with -2, -3… when that name is taken: a default name never overwrites. */
function freeName(dir: string, stem: string): string {
  for (let n = 1; n <= 1000; n++) {
    const candidate = path.join(dir, `${stem}${n === 1 ? '' : `-${n}`}.payflow.json`);
    if (!isNameTaken(candidate)) return candidate;
  }
  throw new UsageError(`tap flow: ${stem}.payflow.json and 999 more names are taken in ${dir}; name the file with --out`);
}

/**
 * A new file only (writeNewFile): a name taken since it was chosen, a link included, is never written
 * through. `replace` (--force) replaces the name (replaceFile): a link there is replaced, never followed.
 */
function writeFlow(target: string, flow: Omit<SavedFlow, 'incomplete'>, how: { replace: boolean; named?: string }): void {
  const text = `${JSON.stringify(flow, null, 2)}\n`;
  try {
    makeFolders(path.dirname(target));
    if (how.replace) replaceFile(target, text);
    else writeNewFile(target, text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && how.named !== undefined) throw takenOut(how.named);
    throw new UsageError(`tap flow: cannot write ${target} (${code ?? String(err)}); choose another --out`);
  }
}

const shownPath = (file: string, cwd: string) => {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
};

// ---- one captured call: tap replay, tap export -----------------------------------------------------------

/** The captured call as a one-step flow (History's Save as Flow of one exchange), with the fields it lost. */
function oneStepFlow(record: RecordFile, call: RecordedCall): { flow: Flow; lost: string[] } {
  if (!call.recognised) throw new UsageError(`${record.shown}: ${notInCatalogue(call, record)}; its masked cURL line is in the record (exchange.request.curl)`);
  const { flow: { incomplete: _noted, ...saved }, notes } = flowFromExchangesWithNotes([call.exchange]);
  const title = `${getOperation(call.operationId)?.title ?? call.operationId}${call.exchange.version !== undefined ? ` v${call.exchange.version}` : ''}`;
  const flow = checkedFlow({ ...saved, name: `${title}, call ${callName(call, record)} of ${path.basename(record.shown)}` }, record.shown);
  return { flow, lost: Object.values(notes).flatMap((fields) => Object.entries(fields).map(([field, note]) => `${excerpt(field, 120)} (${note})`)) };
}

function chosenCall(record: RecordFile, flags: ReadonlyMap<string, string | true>, command: string): RecordedCall {
  const [call] = readCalls(record.file, record.shown, [oneCall(record, flags, command)]);
  if (!call) throw new UsageError(`${command}: the call could not be read`);
  return call;
}

async function tapReplay(args: readonly string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommand(TAP_REPLAY_COMMAND, args);
  const record = openRecord(operands, 'tap replay', io.cwd);
  const call = chosenCall(record, flags, 'tap replay');
  const { flow, lost } = oneStepFlow(record, call);
  if (lost.length) {
    throw new UsageError(`tap replay: call ${callName(call, record)} (${getOperation(call.operationId)?.title ?? ''}) cannot be sent as the tap recorded it: ${lost.join('; ')}. Save it with tap flow ${shellQuote(record.shown)} --calls ${callName(call, record).replace('#', '')} and fill them in, then run the flow.`);
  }
  const advice = replayAdvice(record.index, call, record.shown);
  if (advice) io.err(advice);
  const env = textFlag(flags, '--env');
  const environments = textFlag(flags, '--environments');
  const secretHosts = textFlag(flags, '--secret-hosts');
  return runFlowInputs([{ file: `${record.shown} call ${callName(call, record)}`, flow }], {
    simulator: flags.has('--simulator'),
    yesLive: flags.has('--yes-live'),
    sendAnyway: flags.has('--send-anyway'),
    reporters: [{ name: 'text' }],
    ...(env !== undefined ? { env } : {}),
    ...(environments !== undefined ? { environments } : {}),
    ...(secretHosts !== undefined ? { secretHosts } : {}),
  }, io);
}

async function tapExport(args: readonly string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommand(TAP_EXPORT_COMMAND, args);
  const formats = ['--curl', '--code', '--http'].filter((f) => flags.has(f));
  if (formats.length !== 1) throw new UsageError(`tap export: give exactly one of --curl, --code LANG or --http${formats.length ? `, not ${formats.join(' and ')}` : ''}`);
  const record = openRecord(operands, 'tap export', io.cwd);
  const call = chosenCall(record, flags, 'tap export');
  const { flow: checked, lost } = oneStepFlow(record, call);
  // What came back is the flow's to check; an exported request carries none of it (no note about it either).
  const flow: Flow = { ...checked, steps: checked.steps.map(({ expect: _checkedByRun, ...step }) => step) };
  if (lost.length) io.err(`Call ${callName(call, record)} is exported without what the tap could not keep; fill it in: ${lost.join('; ')}.`);
  return exportFlowInput({ file: `${record.shown} call ${callName(call, record)}`, flow }, flags, io);
}
