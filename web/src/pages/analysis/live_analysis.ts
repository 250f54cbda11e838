// Kirin's live analysis of the position on the analysis board: in the browser where it can
// (api/browser_engine.ts: the same search to depth 40 or 60 s as the server's), else on the
// server's stream; a new position stops the analysis under way and starts one after a short
// pause, so stepping through moves costs one of the server's analyses (it allows a few a minute),
// not one a step. Leaving the page closes the server's stream, which stops its search. The lines
// are written in the player's notation: by the server's stream, or for the engine in the browser
// through GET /api/positions (api/move_writer.ts).
import { browserEngine, EngineRefusal, type EngineWhere, type Search } from '../../api/browser_engine';
import { readEvents } from '../../api/event_stream';
import { LineWriter, writeLine } from '../../api/move_writer';
import type { AnalysisInfo } from '../../api/types';
import { analysisEventsUrl } from '../../api/urls';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
import { colorOf } from '../../model/games';
import { MULTIPV_KEY } from '../../model/storage_keys';
import { analysisLines } from '../../widgets/analysis_lines';
import { h } from '../../widgets/dom';
import type { AnalysisCtrl } from './analysis_ctrl';

export class LiveAnalysis {
  readonly status = h('div', { class: 'status', 'data-testid': 'analysis-status' });
  readonly error = h('div', { class: 'error', 'data-testid': 'analysis-error' });
  readonly where = h('span', { class: 'hint', 'data-testid': 'engine-where' });
  readonly running = h('input', { type: 'checkbox', checked: '', 'data-testid': 'engine-on' }) as HTMLInputElement;
  private writer = new LineWriter(() => this.c.notation, () => this.lines.redraw());
  readonly lines = analysisLines((moves) => { this.c.extend(moves); this.analyse(); }, (pv) => this.writer.known(this.spec(), pv).text);
  multipv = Number(localStorage.getItem(MULTIPV_KEY)) || 1;
  private stream: AbortController | null = null;
  private search: Search | null = null;
  private generation = 0;
  private waiting: ReturnType<typeof setTimeout> | undefined;

  constructor(private c: AnalysisCtrl) {
    this.running.onchange = () => this.analyse();
    window.addEventListener('pagehide', () => this.stop());
  }

  // The position analysed: the line up to the board's.
  private spec() {
    const c = this.c;
    return { game: c.variant.id, fen: c.startFen, moves: c.shownMoves(), options: c.options };
  }

  setLines(n: number) {
    this.multipv = n;
    localStorage.setItem(MULTIPV_KEY, String(n));
    this.analyse();
  }

  private stop() {
    this.stream?.abort();
    this.stream = null;
    this.search?.stop();
    this.search = null;
    clearTimeout(this.waiting);
  }

  // `tried`: a move just added, taken back if the server refuses the position.
  analyse(tried?: string, pause = 300) {
    ++this.generation;
    this.stop();
    this.lines.clear();
    this.error.textContent = '';
    if (!this.running.checked) {
      this.status.textContent = t('analysis.off');
      return;
    }
    this.status.textContent = t('common.thinking');
    this.waiting = setTimeout(() => void this.run(tried), pause);
  }

  // The position was refused, so the move just tried was not legal: take it back.
  refused(tried: string | undefined, error: unknown): boolean {
    if (!this.c.refused(tried)) return false;
    this.analyse();
    this.error.textContent = `${tried}: ${errorText(error)}`;  // after analyse(), which clears it
    return true;
  }

  private showInfo(d: AnalysisInfo) {
    const top = this.lines.add(d);
    this.status.textContent = t('analysis.depthLine', { depth: top.depth, speed: Math.round((top.nps ?? 0) / 1000), side: colorOf(this.c.variant, this.c.sideAfterLine()) });
    this.status.dataset.depth = String(top.depth);
  }

  // `written`: the best move in the player's notation.
  private showDone(best: string | null, written: string | null) {
    this.status.textContent += best ? t('analysis.done', { move: written ?? best }) : t('analysis.noLegal');
    this.status.dataset.best = best ?? '';
  }

  private showWhere(w: EngineWhere) {
    this.where.textContent = ` · ${t(`game.engine.${w}`)}`;
    this.where.dataset.where = w;
  }

  private async run(tried?: string) {
    const mine = this.generation, c = this.c;
    const engine = await browserEngine();
    if (mine !== this.generation) return;
    if (!engine) return this.runOnServer(tried);
    this.showWhere('browser');
    const spec = this.spec();
    this.search = engine.search(spec, 'go depth 40 movetime 60000', this.multipv, {
      onInfo: (i) => {
        this.showInfo(i);
        this.writer.write(spec, i.pv, i.multipv);
      },
      onDone: async (best) => {
        const known = best ? this.writer.known(spec, [best]) : null;
        const written = best ? (known?.whole ? known.text[0] : (await writeLine(spec, [best], c.notation))[0]) : null;
        if (mine === this.generation) this.showDone(best, written);
      },
      onError: (e) => {
        if (mine !== this.generation) return;
        if (!(e instanceof EngineRefusal)) return this.runOnServer(tried);
        if (!this.refused(tried, e)) {
          this.status.textContent = '';
          this.error.textContent = errorText(e);
        }
      },
    });
  }

  private runOnServer(tried?: string) {
    const c = this.c;
    this.showWhere('server');
    this.stream = readEvents(analysisEventsUrl(c.variant.id, c.startFen, c.shownMoves(), c.options, this.multipv, c.from, c.notation), (name, data) => {
      const d = JSON.parse(data);
      if (name === 'info') this.showInfo(d);
      else if (name === 'done') this.showDone(d.best, d.best_notation ?? null);
    }, (error, code, retryAfter) => {
      // 400: the server refused the position, so the move just tried was not legal.
      if (code === 400 && this.refused(tried, error)) return;
      // Over the server's rate, or its engines all busy: wait as it says, then ask again.
      if (code === 429 || code === 503) {
        const seconds = Math.max(1, retryAfter);
        this.status.textContent = t('analysis.busy', { message: errorText(error), count: seconds });
        this.waiting = setTimeout(() => this.runOnServer(tried), seconds * 1000);
        return;
      }
      this.status.textContent = '';
      this.error.textContent = errorText(error);
    });
  }
}
