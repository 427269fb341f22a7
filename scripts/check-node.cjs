// Stops `npm install` (as its preinstall script) and `npm start` at once on a Node.js older than
// package.json's `engines`, with one sentence naming the version needed and the command that
// installs it (issue #33: on Node 20 the two commands ended in a segmentation fault, the SQLite
// driver needing a newer Node, with no word of why). Plain CommonJS and old syntax on purpose: it
// must run on whatever Node the machine has.
'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose, as above */
var fs = require('fs')
var path = require('path')

/** The least major version `engines.node` accepts (">=24" → 24). */
function neededMajor(engines) {
  var match = /^\s*>=?\s*v?(\d+)/.exec(String(engines || ''))
  if (!match) throw new Error('package.json engines.node should read ">=N", not ' + JSON.stringify(engines))
  return Number(match[1])
}

/** The sentence to stop with on `version` (like "20.20.2"), or null when it is new enough. */
function checkNode(version, engines) {
  var needed = neededMajor(engines)
  if (Number(String(version).split('.')[0]) >= needed) return null
  return (
    'Accord needs Node.js ' +
    needed +
    ' or newer, but this is Node.js ' +
    version +
    ': run eval "$(bash scripts/ci/ensure-node.sh)" to install Node.js ' +
    needed +
    ' for this shell, then run the command again.'
  )
}

module.exports = { checkNode: checkNode, neededMajor: neededMajor }

if (require.main === module) {
  var manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'))
  var message = checkNode(process.versions.node, manifest.engines && manifest.engines.node)
  if (message) {
    process.stderr.write(message + '\n')
    process.exit(1)
  }
}
