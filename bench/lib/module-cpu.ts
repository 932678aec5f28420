// `node bench/lib/module-cpu.ts <module.js>`: the CPU time (this process's, all threads: user +
// system) that V8 spends compiling one ES module (`new vm.SourceTextModule`: parsing the top level,
// pre-parsing every function) and evaluating it (`evaluate()`: the top level of every bundled module
// and the CommonJS modules it requires), printed as JSON. The startup scenario runs it on each
// Worker's main module beside `wrangler check startup`: process CPU time barely moves when other
// work on the machine deschedules the process, where the profiler's wall-clock samples do, so it
// tells apart changes of a few ms on a busy machine. It is Node's V8, not workerd's: read it as a
// ratio between bundles, not as the Worker's startup. Needs --experimental-vm-modules.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const file = process.argv[2];
if (!file) throw new Error("usage: node --experimental-vm-modules bench/lib/module-cpu.ts <module.js>");
const source = readFileSync(file, "utf8");
const context = vm.createContext(globalThis);
const ms = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const started = process.cpuUsage();
const module = new vm.SourceTextModule(source, { context, identifier: "app.js" });
const compileMs = ms(process.cpuUsage(started));
await module.link(() => {
  throw new Error("module-cpu: the Worker bundle imports nothing");
});
const evaluating = process.cpuUsage();
await module.evaluate();
const evaluateMs = ms(process.cpuUsage(evaluating));
process.stdout.write(`${JSON.stringify({ compileMs, evaluateMs })}\n`);
