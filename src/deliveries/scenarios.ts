/**
 * Trigger scenarios: flow files (`*.payflow.json`) that run operations on the simulator so that it
 * makes notifications. The bundled ones ship with the extension and the CLI (scenarios/); a team adds
 * its own in a folder of the workspace (default payment-scenarios/), where a file of the same name
 * replaces a bundled one. A scenario's name is its file name without `.payflow.json`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeFlowProblem, parseFlowText, type Flow } from '../flows';
import { MAX_INPUT_FILE_BYTES } from '../flows';
import { readFileBounded, UnreadableFile } from '../files/boundedFile';

export const SCENARIO_SUFFIX = '.payflow.json';
export const DEFAULT_SCENARIOS_FOLDER = 'payment-scenarios';
const MAX_SCENARIOS = 500;

export interface ScenarioEntry {
  name: string;
  file: string;
  source: 'bundled' | 'workspace';
}

export interface Scenario extends ScenarioEntry {
  flow: Flow;
}

export class ScenarioError extends Error {}

/** Every scenario, by name: the workspace's over the bundled ones. A missing folder has none. */
export function listScenarios(folders: { bundled: string; workspace?: string | undefined }): ScenarioEntry[] {
  const byName = new Map<string, ScenarioEntry>();
  for (const [source, folder] of [['bundled', folders.bundled], ['workspace', folders.workspace]] as const) {
    if (folder === undefined) continue;
    for (const file of scenarioFiles(folder)) byName.set(file.slice(0, -SCENARIO_SUFFIX.length), { name: file.slice(0, -SCENARIO_SUFFIX.length), file: path.join(folder, file), source });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function scenarioFiles(folder: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((n) => n.endsWith(SCENARIO_SUFFIX)).sort().slice(0, MAX_SCENARIOS);
}

/** A scenario by name, or by the path of a flow file (anything with a / or ending in .payflow.json). */
export function loadScenario(nameOrFile: string, folders: { bundled: string; workspace?: string | undefined }, cwd: string): Scenario {
  const all = listScenarios(folders);
  const isPath = nameOrFile.includes('/') || nameOrFile.includes('\\') || nameOrFile.endsWith(SCENARIO_SUFFIX);
  const entry: ScenarioEntry | undefined = isPath ? { name: path.basename(nameOrFile).replace(SCENARIO_SUFFIX, ''), file: path.resolve(cwd, nameOrFile), source: 'workspace' } : all.find((s) => s.name === nameOrFile);
  if (!entry) throw new ScenarioError(`no scenario "${nameOrFile.slice(0, 100)}"; the scenarios are ${all.map((s) => s.name).join(', ') || 'none'}`);
  return { ...entry, flow: readScenarioFlow(entry.file) };
}

export function readScenarioFlow(file: string): Flow {
  let text: string;
  try {
    text = readFileBounded(file, MAX_INPUT_FILE_BYTES, { regularOnly: true });
  } catch (err) {
    if (err instanceof UnreadableFile) throw new ScenarioError(`${file} ${err.message}; not a scenario`);
    throw err;
  }
  const parsed = parseFlowText(text);
  if (!parsed.ok) throw new ScenarioError(parsed.problems.map((p) => describeFlowProblem(p, file)).join('\n'));
  return parsed.flow;
}

/** Every scenario read: its flow, or why it cannot be used (a listing shows both). */
export function readScenarios(folders: { bundled: string; workspace?: string | undefined }): (ScenarioEntry & ({ flow: Flow } | { problem: string }))[] {
  return listScenarios(folders).map((s) => {
    try {
      return { ...s, flow: readScenarioFlow(s.file) };
    } catch (err) {
      return { ...s, problem: err instanceof Error ? err.message : String(err) };
    }
  });
}

/** Whether the scenario is a follow-up that may run on an order made before: a step of it makes the order only when none is given. */
export const takesOrder = (flow: Flow): boolean => flow.steps.some((s) => s.unlessGiven === 'orderId');
