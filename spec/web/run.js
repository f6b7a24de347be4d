// Serves a love.js build on a loopback port, opens it in headless Chromium
// and reads the headless spec game's verdict from the console: the line
// "love: <Lua>, <JIT>: N checks, M failed", or "love: error: ...". Exits 0
// when it says 0 failed, 1 otherwise (a failed check, an error, or no
// verdict in time).
//   node spec/web/run.js SITE_DIR [TIMEOUT_SECONDS]
const http = require('http');
const fs = require('fs');
const path = require('path');
const puppeteer = require('puppeteer-core');

const site = path.resolve(process.argv[2] || 'build-web/site');
const timeout = 1000 * Number(process.argv[3] || 120);
const types = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.data': 'application/octet-stream', '.css': 'text/css', '.png': 'image/png',
};

function serve() {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url.split('?')[0]);
    const file = path.join(site, url === '/' ? 'index.html' : url);
    if (!file.startsWith(site) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  const server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'],
  });
  let verdict = null;
  const log = [];  // the page's console, shown when the run fails
  const finished = new Promise((resolve) => {
    const page = browser.newPage();
    page.then((p) => {
      p.on('console', (msg) => {
        const text = msg.text();
        log.push(`web: ${text}`);
        const m = /^love: .*: (\d+) checks, (\d+) failed/.exec(text);
        if (m) {
          verdict = { checks: Number(m[1]), failed: Number(m[2]) };
          resolve();
        } else if (text.startsWith('love: error:')) {
          verdict = { checks: 0, failed: 1 };
          resolve();
        }
      });
      p.on('pageerror', (err) => log.push(`web: page error: ${err.message}`));
      return p.goto(url);
    }).catch((err) => { console.log(`web: ${err.message}`); resolve(); });
    setTimeout(resolve, timeout);
  });
  await finished;
  await browser.close();
  server.close();
  const passed = verdict && verdict.checks > 0 && verdict.failed === 0;
  if (!passed) console.log(log.join('\n'));
  if (!verdict) console.log(`web: no verdict from the game within ${timeout / 1000} s`);
  else console.log(`web: ${verdict.checks} checks, ${verdict.failed} failed`);
  process.exit(passed ? 0 : 1);
}

main().catch((err) => {
  console.log(`web: ${err.stack || err}`);
  process.exit(1);
});
