/** The flags of `import` and `export`, declared once: the parser, their --help and the general help read them. */
import type { CommandSpec } from '../format/commandLine';
import { LANGUAGES } from '../interop/export/code';

export const IMPORT_COMMAND: CommandSpec = {
  name: 'import',
  operands: '<file>...',
  summary: `Imports cURL command lines, Postman collections (v2.0, v2.1) with their environment files, and
.http/.rest files as request files and flows on the catalogue's operations, plus their environments in
the folder's payment-workbench.environments.json; a request that matches no operation is kept as a
plain .http request. Prints a report: what became what, what was left out and why, every secret found
and which environment variable holds it (no secret is ever written or printed), and the command that
runs the files. Existing files are never overwritten: a name the folder holds gets -2.`,
  flags: [{ name: '--out', value: 'DIR', help: 'the folder to write into (created if needed); default: the working folder' }],
};

export const EXPORT_COMMAND: CommandSpec = {
  name: 'export',
  operands: '<file> | openapi',
  summary: `Exports a request file or a flow: --code LANG prints a runnable program (node, python, php, java,
csharp, go) of one request that reads the password from the environment variable the CLI uses
and draws a new order id and transaction id on each run;
--curl prints its cURL command; --http prints a .http file (REST Client, httpYac); --postman writes a Postman v2.1 collection and
environment (the password an empty secret variable).
\`export openapi\` writes an OpenAPI 3.1 description of the gateway operations at one version (paths,
request schemas with the catalogue's field rules, answers with examples, HTTP Basic) for code generators,
mock servers and API test tools.`,
  flags: [
    { name: '--code', value: 'LANG', choices: LANGUAGES, help: 'a program in this language, on stdout (or in --out)' },
    { name: '--http', help: 'a .http file, on stdout (or in --out)' },
    { name: '--curl', help: 'a cURL command of one request, its password read from the shell\'s variable, on stdout (or in --out)' },
    { name: '--postman', help: 'a Postman collection and environment, written into --out (default: the working folder)' },
    { name: '--env', value: 'NAME', help: 'the environment (id or name) whose URL and merchant id are used; default: the flow\'s, else local-simulator' },
    { name: '--environments', value: 'FILE', help: 'environments.json with your environments (no secrets in it)' },
    { name: '--version', value: 'N', help: 'for export openapi: the gateway version to describe; default: the newest the catalogue knows' },
    { name: '--out', value: 'PATH', help: 'for export openapi: the file to write (default: stdout); for --code, --curl and --http: a file, or a folder (existing, or ending in /) to write the usual file into (request.py, Request.java, FLOW.http…); for --postman: a folder' },
  ],
};
