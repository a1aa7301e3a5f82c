#!/usr/bin/env node
// emglken-run.mjs: plays story files in the emglken interpreters (bocfel for
// Z-code, glulxe and git for Glulx) and prints their transcripts.
//
// Takes a story file and a walkthrough (one command per line, may be empty);
// gives the text the story printed in its main (buffer) window, the same
// shape dfrotz prints: input is not echoed, and the transcript ends with the
// response to the last command (the story then waits for more input or has
// quit). README.md in this folder has the whole contract.
//
//   node emglken-run.mjs [--vm VM] [--seed N] [--timeout S] [--echo] [--styled] STORY [WALKTHROUGH]
//   node emglken-run.mjs [--seed N] [--timeout S] [--echo] [--styled] [-j N] --batch JOBFILE
//   node emglken-run.mjs --rem --vm VM [ENGINE-OPTIONS...] STORY
//
// JOBFILE has one job a line, fields separated by tabs:
//   VM <TAB> STORY <TAB> WALKTHROUGH (or empty) <TAB> OUTFILE
// Each transcript goes to its OUTFILE; one status line per job is printed:
// "ok OUTFILE" or "error OUTFILE: why". Batch mode saves a Node start-up
// (about half a second) per story.
//
// --styled also records what a plain transcript leaves out, for comparing
// two stories' screens (tests/styles): every change of text style in the
// buffer window is marked «STYLE» ... «/» (STYLE is the Glk style's RemGlk
// name, e.g. subheader for bold, emphasized, preformatted, plus +reverse
// etc. for the interpreter's own CSS styles), and each time the story
// waits for input (and when it quits), the grid windows (the status line,
// a menu's window) are written on a line «grid: LINE | LINE ...» when they
// changed since the last such line, each line with its trailing blanks
// cut and its own style marks.
//
// Each story runs in its own worker thread: a story stuck in a loop never
// returns to the event loop, so only terminating its thread from outside
// can end it. Exit status: 0 all fine, 1 an interpreter error, 2 bad usage,
// 124 a story timed out (single-story mode).
//
// --rem makes the interpreter a RemGlk one, as RegTest's --rem mode and
// Inform6-Testing's `bocfelr`/`glulxer` expect: JSON events on standard
// input, JSON updates on standard output, the engine's options passed
// through (bocfel's `-z N` is turned into the pinned clock, which it reads
// instead; see remMain).

import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {Worker, isMainThread, parentPort, workerData} from 'node:worker_threads';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BUILD = path.join(HERE, 'node_modules', 'emglken', 'build');
const VMS = {bocfel: 'bocfel.js', glulxe: 'glulxe.js', git: 'git.js'};

if (isMainThread && process.argv[2] === '--rem') {
    remMain(process.argv.slice(3)).catch(err => {
        process.stderr.write(`emglken-run: ${err.message}\n`);
        process.exit(2);
    });
} else if (isMainThread) {
    main().catch(err => {
        process.stderr.write(`emglken-run: ${err.message}\n`);
        process.exit(2);
    });
} else {
    runInWorker(workerData);
}

// ------------------------------------------------------------ main thread

function usage(msg) {
    if (msg) process.stderr.write(`emglken-run: ${msg}\n`);
    process.stderr.write('usage: emglken-run.mjs [--vm bocfel|glulxe|git] [--seed N] ' +
        '[--timeout S] [--echo] [--styled] STORY [WALKTHROUGH]\n' +
        '       emglken-run.mjs [--seed N] [--timeout S] [--echo] [--styled] [-j N] --batch JOBFILE\n');
    process.exit(2);
}

function parseArgs(argv) {
    const opt = {vm: null, seed: 1234, timeout: 20, jobs: 2, batch: null, echo: false, styled: false, rest: []};
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        const value = () => {
            if (i + 1 >= argv.length) usage(`${a} needs a value`);
            return argv[++i];
        };
        if (a === '--vm') opt.vm = value();
        else if (a === '--seed') opt.seed = Number(value());
        else if (a === '--timeout') opt.timeout = Number(value());
        else if (a === '-j') opt.jobs = Math.max(1, Number(value()));
        else if (a === '--batch') opt.batch = value();
        else if (a === '--echo') opt.echo = true;
        else if (a === '--styled') opt.styled = true;
        else if (a === '-h' || a === '--help') usage();
        else if (a.startsWith('-')) usage(`unknown option ${a}`);
        else opt.rest.push(a);
    }
    if (!Number.isInteger(opt.seed) || opt.seed < 0) usage('--seed takes a whole number');
    if (!(opt.timeout > 0)) usage('--timeout takes a positive number of seconds');
    return opt;
}

// vmFor(story): the interpreter a story's file name asks for.
function vmFor(story) {
    if (/\.(z[1-8]|zblorb|zlb)$/i.test(story)) return 'bocfel';
    if (/\.(ulx|gblorb|glb)$/i.test(story)) return 'glulxe';
    return null;
}

async function main() {
    const opt = parseArgs(process.argv.slice(2));
    if (opt.batch) {
        if (opt.rest.length) usage('--batch takes no story arguments');
        process.exitCode = await runBatch(opt);
        return;
    }
    if (opt.rest.length < 1 || opt.rest.length > 2) usage();
    const [story, walk] = opt.rest;
    const vm = opt.vm || vmFor(story);
    if (!VMS[vm]) usage(`cannot tell which interpreter runs ${story}: give --vm`);
    const res = await runJob({vm, story, walk, seed: opt.seed, echo: opt.echo, styled: opt.styled}, opt.timeout);
    process.stdout.write(res.transcript);
    if (res.error) process.stderr.write(`emglken-run: ${story}: ${res.error}\n`);
    process.exitCode = res.timedOut ? 124 : res.error ? 1 : 0;
}

async function runBatch(opt) {
    const lines = fs.readFileSync(opt.batch, 'utf8').split('\n').filter(l => l.trim());
    const jobs = lines.map(l => {
        const [vm, story, walk, out] = l.split('\t');
        if (!VMS[vm] || !story || !out) throw new Error(`bad job line: ${l}`);
        return {vm, story, walk: walk || null, out, seed: opt.seed, echo: opt.echo, styled: opt.styled};
    });
    let next = 0;
    let failed = false;
    const lanes = [];
    for (let k = 0; k < Math.min(opt.jobs, jobs.length); k++) {
        lanes.push((async () => {
            while (next < jobs.length) {
                const job = jobs[next++];
                const res = await runJob(job, opt.timeout);
                fs.writeFileSync(job.out, res.transcript);
                if (res.error) {
                    failed = true;
                    process.stdout.write(`error ${job.out}: ${res.error}\n`);
                } else {
                    process.stdout.write(`ok ${job.out}\n`);
                }
            }
        })());
    }
    await Promise.all(lanes);
    return failed ? 1 : 0;
}

// runJob: plays one story in a fresh worker; resolves with
// {transcript, error, timedOut}, never rejects.
function runJob(job, timeoutSeconds) {
    return new Promise(resolve => {
        let transcript = '';
        let settled = false;
        const worker = new Worker(fileURLToPath(import.meta.url), {
            workerData: {...job, story: path.resolve(job.story),
                walk: job.walk ? path.resolve(job.walk) : null},
            stdout: true, stderr: true,     // the engines' own console chatter stays out
        });
        let chatter = '';                   // ... but explains a sudden stop
        const listen = data => { chatter = (chatter + data).slice(-400); };
        worker.stdout.on('data', listen);
        worker.stderr.on('data', listen);
        const finish = res => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            worker.terminate();
            resolve({transcript, ...res});
        };
        const timer = setTimeout(() => finish({
            error: `no answer within ${timeoutSeconds} s (the story hangs, or waits for input it never gets)`,
            timedOut: true}), timeoutSeconds * 1000);
        worker.on('message', m => {
            if (m.kind === 'text') transcript += m.text;
            else if (m.kind === 'done') finish({error: m.error || null});
        });
        worker.on('error', err => finish({error: `interpreter crashed: ${err.message}`}));
        worker.on('exit', () => setImmediate(() => finish({
            error: 'interpreter stopped before the transcript was complete' +
                (chatter.trim() ? `: ${chatter.trim()}` : '')})));
    });
}

// ------------------------------------------------------------ RemGlk mode

// remMain(argv): `--vm VM [OPTIONS...] STORY` run in this thread with the
// RemGlk GlkOte of emglken's asyncglk, which reads events from standard
// input and writes updates to standard output until the story quits.
// Bocfel takes no seed: `-z N` is removed and the clock pinned so that
// bocfel seeds itself as `-z N` would (a clock at 0 seeds it as seed 1,
// the only seed Inform6-Testing uses, so only N = 1 is accepted).
async function remMain(argv) {
    if (argv[0] !== '--vm' || !VMS[argv[1]]) usage('--rem needs --vm bocfel|glulxe|git first');
    const vm = argv[1];
    const args = argv.slice(2);
    const z = args.indexOf('-z');
    let clock = 1700000000000;
    if (vm !== 'glulxe' && z >= 0) {
        if (args[z + 1] !== '1') usage('--rem knows only the seed -z 1');
        args.splice(z, 2);
        clock = 0;
    }
    if (!args.length) usage('--rem needs a story file');
    const asyncglk = await import(pathToFileURL(path.join(BUILD, 'asyncglk.js')).href);
    const Dialog = new asyncglk.CheapAsyncDialog();
    const GlkOte = new asyncglk.RemGlk();
    await Dialog.init({GlkOte});
    args[args.length - 1] = asyncglk.path_native_to_posix(args[args.length - 1]);
    process.on('unhandledRejection', err => {
        // exit() inside the engine surfaces as an ExitStatus rejection.
        if (!(err && err.name === 'ExitStatus')) {
            process.stderr.write(`emglken-run: interpreter error: ${err && err.message ? err.message : err}\n`);
            process.exit(1);
        }
        process.exit(0);
    });
    pinClockAt(clock);
    const engine = (await import(pathToFileURL(path.join(BUILD, VMS[vm])).href)).default;
    (await engine()).start({arguments: args, Dialog, GlkOte});
}

// ------------------------------------------------------------ worker thread

// Bocfel seeds its random numbers from the clock and takes no options, so
// the clock is replaced by one that starts at a fixed instant and moves a
// millisecond per reading: the same story and input give the same numbers.
function pinClock(seed) {
    pinClockAt(1700000000000 + seed);
}

// pinClockAt(ms): the clock starts at ms and moves a millisecond a reading.
function pinClockAt(ms) {
    let now = ms;
    Date.now = () => now++;
    let mono = 1000;
    performance.now = () => mono++;
}

// The Dialog library the engines load the story and save files through;
// paths are plain file names relative to the current folder.
function makeDialog(storyDir) {
    return {
        async: true,
        async init() {},
        async delete(p) { try { fs.unlinkSync(p); } catch { /* absent is fine */ } },
        async exists(p) { return fs.existsSync(p); },
        get_dirs() {
            const cwd = process.cwd();
            return {storyfile: storyDir, system_cwd: cwd, temp: '/tmp', working: cwd};
        },
        read(p) { return fs.promises.readFile(p).catch(() => null); },
        set_storyfile_dir(p) { return {storyfile: p, working: process.cwd()}; },
        async write(files) {
            for (const [p, data] of Object.entries(files)) fs.writeFileSync(p, data);
        },
    };
}

const METRICS = {
    width: 255, height: 200,
    buffercharheight: 1, buffercharwidth: 1, buffermarginx: 0, buffermarginy: 0,
    graphicsmarginx: 0, graphicsmarginy: 0,
    gridcharheight: 1, gridcharwidth: 1, gridmarginx: 0, gridmarginy: 0,
    inspacingx: 0, inspacingy: 0, outspacingx: 0, outspacingy: 0,
};

// A GlkOte that speaks the RemGlk protocol with the engine: it turns each
// update's buffer-window text into transcript text and answers each input
// request with the next walkthrough line.
class TranscriptGlkOte {
    constructor(commands, done, echo, styled) {
        this.commands = commands;
        this.done = done;
        this.echo = echo;
        this.styled = styled;
        this.tag = 'normal';         // --styled: the style of the text so far
        this.grids = new Map();      // --styled: grid window id -> its lines
        this.gridShown = '';         // --styled: the last «grid: ...» written
        this.buffers = new Set();
        this.started = false;        // some text has been seen
        this.afterInput = false;     // the last thing seen was an input echo
        this.accept = null;
    }

    init(options) {
        this.accept = options.accept;
        this.accept({type: 'init', gen: 0, metrics: METRICS, support: ['timer', 'hyperlinks']});
    }

    emit(text) { if (text) parentPort.postMessage({kind: 'text', text}); }

    update(data) {
        if (data.type === 'error') return this.done(`interpreter error: ${data.message}`);
        if (data.type !== 'update') return;
        if (data.windows) {
            this.buffers.clear();
            const grids = new Map();
            for (const w of data.windows) {
                if (w.type === 'buffer') this.buffers.add(w.id);
                if (w.type === 'grid') grids.set(w.id, this.grids.get(w.id) || []);
            }
            this.grids = grids;
        }
        for (const c of data.content || []) {
            if (this.buffers.has(c.id)) this.addContent(c);
            else if (this.grids.has(c.id)) this.addGridContent(c);
        }
        if (data.disable) {                                 // the story quit
            this.showGrids();
            return this.done(null);
        }
        if (data.specialinput) return this.answerFilePrompt(data);
        if (data.input && data.input.length) this.answerInput(data);
    }

    // Text lines: a line with "append" continues the current one, any other
    // starts a new one. Runs in the "input" style are Glk's echo of a
    // command and of the line break that ends it: both are dropped, as
    // dfrotz echoes neither (unless --echo asks for them).
    addContent(c) {
        for (const line of c.text || []) {
            let out = '';
            if (!line.append && this.started && !this.afterInput) out += '\n';
            if (!line.append) this.afterInput = false;
            this.started = true;
            const runs = line.content || [];
            for (let i = 0; i < runs.length; i++) {
                let style = runs[i], text;
                if (typeof style === 'string') {    // old form: style, text pairs
                    text = runs[++i] ?? '';
                } else if (style && typeof style.text === 'string') {
                    text = style.text;
                    style = style.style;
                } else {
                    continue;
                }
                if (style === 'input') {
                    if (this.echo) out += text;
                } else {
                    if (this.styled && text) out += this.retag(styleTag(runs[i]));
                    out += text;
                    this.afterInput = false;
                }
            }
            this.emit(out);
        }
    }

    // --styled: the marks that end the current style and start `tag`.
    retag(tag) {
        if (tag === this.tag) return '';
        const out = (this.tag === 'normal' ? '' : '«/»') + (tag === 'normal' ? '' : `«${tag}»`);
        this.tag = tag;
        return out;
    }

    // A grid window's update: whole lines, each replacing the one it names.
    addGridContent(c) {
        let lines = c.clear ? [] : this.grids.get(c.id);
        for (const l of c.lines || []) {
            let text = '', tag = 'normal';
            for (const run of l.content || []) {
                if (!run || typeof run.text !== 'string') continue;
                const t = styleTag(run);
                if (t !== tag && run.text.trim()) {
                    text += (tag === 'normal' ? '' : '«/»') + (t === 'normal' ? '' : `«${t}»`);
                    tag = t;
                }
                text += run.text;
            }
            text = text.replace(/\s+$/, '');
            if (tag !== 'normal') text += '«/»';
            lines[l.line] = text;
        }
        this.grids.set(c.id, lines);
    }

    // --styled: the grid windows, when they changed since they were last
    // written (called when the story waits for input, and when it quits).
    showGrids() {
        if (!this.styled) return;
        const all = [...this.grids.keys()].sort((a, b) => a - b)
            .map(id => Array.from(this.grids.get(id), l => l || '').join(' | ').replace(/( \| )+$/, ''))
            .join(' || ');
        if (all === this.gridShown) return;
        this.gridShown = all;
        this.emit(`${this.started ? '\n' : ''}«grid: ${all}»`);
        this.started = true;
    }

    // The walkthrough is exhausted once the story asks for more input than
    // it holds: the response to the last command is in, so the job is done.
    answerInput(data) {
        this.showGrids();
        const req = data.input.find(r => r.type === 'line') || data.input[0];
        if (!this.commands.length) return this.done(null);
        const cmd = this.commands.shift();
        const ev = {type: req.type, gen: data.gen, window: req.id};
        if (req.type === 'line') {
            ev.value = cmd;
            // Glk echoes the line and the line break after it; both are
            // dropped (addContent), even when the line is empty.
            if (!this.echo) this.afterInput = true;
        } else {
            ev.value = cmd === '' ? 'return' : [...cmd][0];
        }
        this.accept(ev);
    }

    // save/restore/script prompts take the next walkthrough line as the
    // file name; an empty line (or none left) cancels.
    answerFilePrompt(data) {
        const name = this.commands.length ? this.commands.shift() : '';
        this.accept({type: 'specialresponse', gen: data.gen, response: 'fileref_prompt',
            value: name ? {filename: name} : null});
    }
}

// --styled: a text run's style as the transcript marks it: the Glk style
// by RemGlk's name, then the interpreter's own CSS styles (bocfel: reverse
// video, colours) as +name or +name=value, in name order.
function styleTag(run) {
    let tag = run.style || 'normal';
    const css = run.css_styles || {};
    for (const k of Object.keys(css).sort()) {
        const v = css[k];
        if (v === 0 || v === false || v === null) continue;
        tag += v === 1 || v === true ? `+${k}` : `+${k}=${v}`;
    }
    return tag;
}

function runInWorker(job) {
    pinClock(job.seed);
    let finished = false;
    const done = error => {
        if (finished) return;
        finished = true;
        parentPort.postMessage({kind: 'done', error});
    };
    process.on('unhandledRejection', err => {
        // exit() inside the engine surfaces as an ExitStatus rejection.
        if (err && err.name === 'ExitStatus') done(null);
        else done(`interpreter error: ${err && err.message ? err.message : err}`);
    });
    let commands = [];
    if (job.walk) {
        const text = fs.readFileSync(job.walk, 'utf8');
        commands = text.split('\n');
        if (commands.length && commands[commands.length - 1] === '') commands.pop();
        commands = commands.map(c => c.replace(/\r$/, ''));
    }
    // Only glulxe takes a seed option; bocfel and git read the pinned clock.
    const args = [job.story];
    if (job.vm === 'glulxe') args.unshift('--rngseed', String(job.seed));
    (async () => {
        const engine = (await import(pathToFileURL(path.join(BUILD, VMS[job.vm])).href)).default;
        const vm = await engine();
        const glkote = new TranscriptGlkOte(commands, done, job.echo, job.styled);
        vm.start({arguments: args, Dialog: makeDialog(path.dirname(job.story)), GlkOte: glkote});
    })().catch(err => done(`could not start ${job.vm}: ${err.message}`));
}
