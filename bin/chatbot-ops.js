#!/usr/bin/env node
// Runs the compiled CLI; `npm install` builds it (prepare), `npm start` rebuilds it first.
import '../dist/cli/main.js';
