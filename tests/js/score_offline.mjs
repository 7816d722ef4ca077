// Scores games with the page's offline computation (static/game/provisional.js), for
// tests/api/test_offline_conformance.py: reads [{scoring, start, hands}] as JSON on stdin and
// writes one list of results per game on stdout.
import { scoreHands } from "../../scorekeeper/web/static/game/provisional.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const games = JSON.parse(Buffer.concat(chunks).toString("utf8"));
process.stdout.write(JSON.stringify(games.map(({ scoring, start, hands }) => scoreHands(scoring, start,
  hands))));
