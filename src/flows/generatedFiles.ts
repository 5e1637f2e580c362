/** Every checked-in generated file (schemas/, snippets/): the catalogue's and the flows'. One function for the generator script and the "in sync" test. */
import { generatedFiles as catalogueFiles } from '../catalogue/generatedFiles';
import { flowFileJsonSchema, flowSnippets } from './flowSchema';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export function generatedFiles(): Map<string, string> {
  const files = catalogueFiles();
  files.set('schemas/payflow.schema.json', json(flowFileJsonSchema()));
  files.set('snippets/payflow.code-snippets', json(flowSnippets()));
  return files;
}
