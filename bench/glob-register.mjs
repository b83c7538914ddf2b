// `node --import tsx --import ./bench/glob-register.mjs …`: see glob-hooks.mjs.
import { register } from 'node:module';

register('./glob-hooks.mjs', import.meta.url);
