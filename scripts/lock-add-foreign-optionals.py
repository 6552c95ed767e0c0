#!/usr/bin/env python3
"""
The npm registry mirror these machines use does not serve every other-platform binary package
(biome's and rollup's darwin/win32/android builds), so `npm install` leaves them out of
package-lock.json and `npm ci` then refuses the lock as incomplete. This adds a lock entry for
each such optional dependency, with its os/cpu, so `npm ci` validates the lock and skips them on
this platform as it would anyway. Run after `npm install` changes the lock:
    python3 scripts/lock-add-foreign-optionals.py
"""
import json, re, sys

path = sys.argv[1] if len(sys.argv) > 1 else 'package-lock.json'
lock = json.load(open(path))
packages = lock['packages']
added = 0
for key, meta in list(packages.items()):
    for name, version in (meta.get('optionalDependencies') or {}).items():
        parent_dir = key + '/node_modules/' + name
        if parent_dir in packages or ('node_modules/' + name) in packages:
            continue
        m = re.search(r'(android|darwin|freebsd|linux|win32|openharmony|openbsd|sunos|aix)-(arm64|x64|arm|ia32|loong64|ppc64|riscv64|s390x|wasm32)', name)
        entry = {'version': version, 'dev': True, 'optional': True}
        if m:
            entry['os'] = [m.group(1)]
            entry['cpu'] = [m.group(2)]
        if 'musl' in name:
            entry['libc'] = ['musl']
        elif name.endswith('-gnu') or '-gnueabihf' in name:
            entry['libc'] = ['glibc']
        packages['node_modules/' + name] = entry
        added += 1
json.dump(lock, open(path, 'w'), indent=2)
open(path, 'a').write('\n')
print(f'added {added} optional platform entries')
