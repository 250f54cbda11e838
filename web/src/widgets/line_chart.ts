// Chart.js's line chart and only what it needs (the rest is tree-shaken away), in a chunk of its
// own that a page fetches when it first draws one (game_analysis.ts, a player's rating history in
// rating_chart.ts).
import { CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler, Tooltip, Legend);

export { Chart };
