#!/usr/bin/env python3
# Who held the cores while the cms's request thread waited for one, from a `perf sched record -a` trace.
# Usage:
#   perf script -i perf-sched.data -F tid,cpu,time,event,trace | grep -E "sched_switch|sched_waking:.* pid=<cms pid> " > all.txt
#   grep sched_switch all.txt > switches.txt; grep sched_waking all.txt > wakings.txt
#   python3 scripts/perf-sched-who.py switches.txt wakings.txt <threads.jsonl of scripts/sample-threads.mjs> <cms pid>
# Prints each group's CPU time in the trace (threads named from the sampler's record: the cms's request thread, its
# poem workers, V8's helper threads, the libuv pool; the launchers and programs; the bench's load generator), the
# request thread's waits (preempted: switched out still runnable; woken: slept, then waited for a core once woken),
# and what the cores ran while it waited.
import re,json,sys,collections
sw, wk, threads, T = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
# tid -> group from the sampler
grp = {}
for l in open(threads):
    d = json.loads(l)
    for p in d['procs']:
        for t in p['threads']:
            if p['name']=='cms':
                pass
            if p['name'] in ('pdftotext','pdffonts','prlimit'): g='pdftotext, pdffonts, prlimit'
            elif p['name']=='cms':
                g = 'cms request thread' if t['main'] else {'WorkerThread':'cms worker threads (nice 10)','libuv-worker':'cms libuv pool'}.get(t['comm'], 'cms V8 helpers (GC, compiler)' if 'V8' in t['comm'] else 'cms '+t['comm'])
            else:
                g = p['name']
            grp.setdefault(t['tid'], g)
def group(pid, comm):
    if pid == 0: return 'idle'
    if pid in grp: return grp[pid]
    if comm in ('pdftotext','pdffonts','prlimit','mutool'): return 'pdftotext, pdffonts, prlimit'
    if comm.startswith('kworker') or comm.startswith('ksoftirq') or comm.startswith('migration') or comm.startswith('rcu'): return 'kernel threads'
    return 'outside the bench (%s)' % re.sub(r'[/:].*','',comm)
rx = re.compile(r'\s*(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:sched_switch: prev_comm=(.*?) prev_pid=(\d+) prev_prio=(\d+) prev_state=(\S+) ==> next_comm=(.*?) next_pid=(\d+) next_prio=(\d+)')
events = []
for l in open(sw):
    m = rx.match(l)
    if m: events.append(('sw', float(m[3]), int(m[2]), m[4], int(m[5]), m[7], m[8], int(m[9])))
for l in open(wk):
    m = re.match(r'\s*(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:sched_waking', l)
    if m: events.append(('wk', float(m[3])))
events.sort(key=lambda e: e[1])
t0, t1 = events[0][1], events[-1][1]
running = {}  # cpu -> (pid, comm, since)
cputime = collections.Counter()
state = 'running?'; since = None; waiting = None
waits = []  # (start, end, kind)
# intervals while T waits runnable: accumulate who ran
during = collections.Counter()
def account(cpu, until):
    if cpu in running:
        pid, comm, s = running[cpu]
        g = group(pid, comm)
        cputime[g] += until - s
        if waiting is not None:
            during[g] += until - max(s, waiting)
for e in events:
    if e[0] == 'wk':
        if waiting is None: waiting = e[1]; wkind = 'woken'
        continue
    _, t, cpu, pc, pp, pst, nc, np = e
    account(cpu, t)
    # flush other cpu's accounting for the "during" so far
    if pp == T:
        if pst.startswith('R'):
            waiting = t; wkind = 'preempted'
        else:
            waiting = None
    if np == T:
        if waiting is not None:
            # account other cpus up to now before closing
            for c in list(running):
                if c != cpu: account(c, t); running[c] = (running[c][0], running[c][1], t)
            waits.append((waiting, t, wkind))
        waiting = None
    running[cpu] = (np, nc, t)
total = t1 - t0
print('window %.1f s' % total)
print('CPU time by group in the window (s):')
for g, v in cputime.most_common(14): print('  %-45s %6.2f s  %4.0f %% of 2 cores' % (g, v, 100*v/(2*total)))
w = collections.Counter(); n = collections.Counter(); lst = collections.defaultdict(list)
for a, b, k in waits: w[k] += b - a; n[k] += 1; lst[k].append((b-a)*1000)
for k in w:
    s = sorted(lst[k]); q = lambda p: s[min(len(s)-1, int(p*len(s)))]
    print('request thread %s -> ran: %d times, %.2f s waited in all; per wait p50 %.2f ms, p99 %.2f ms, max %.1f ms' % (k, n[k], w[k], q(.5), q(.99), s[-1]))
print('while the request thread waited for a core, the cores ran (s):')
tot = sum(during.values())
for g, v in during.most_common(12): print('  %-45s %6.2f s  %4.0f %%' % (g, v, 100*v/tot))
