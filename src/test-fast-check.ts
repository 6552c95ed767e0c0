/**
 * Property tests run from one fixed seed, so `npm test` gives the same answer on every machine and
 * every run. To explore new inputs, run with FC_SEED=random (or a number); a failure prints the seed
 * and the counterexample to reproduce it.
 */
import fc from 'fast-check';

const wanted = process.env.FC_SEED;
if (wanted !== 'random') fc.configureGlobal({ seed: wanted ? Number(wanted) : 20261125 });
