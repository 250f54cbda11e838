// The piece guide's words from the server (GET /api/rules/GAME/pieces: the legend of the marks,
// each piece's notes), in the page's language. The server writes them in English
// (src/server/api/rules.cpp, src/draw's legend); the pages know those texts and translate them,
// and show any other as it came.
import { t } from '../i18n';

const LEGEND: Record<string, string> = {
  'Lion jump, or two Lion steps': 'lionJump',
  'Lion step: may capture and step again, return (igui) or pass': 'lionStep',
  'captures by jumping exactly one piece (the screen) on this line': 'hop',
  'jumps straight here, over anything between': 'jump',
  'leaps here unless the first square on the way is occupied': 'lameLeap',
  'slides any number of empty squares, without capturing': 'moveOnly',
  'slides any number of empty squares; may capture where it stops': 'slide',
  'steps to this square': 'step',
  'stinging step: after a capture, may step once more to an empty square': 'sting',
};

const NOTES: Record<string, string> = {
  'a Lion for the Lion-trading rules': 'lionTrading',
  'grey moves: only once across the river': 'greyAcross',
  'may never face the other General on a file with nothing between them': 'flyingGeneral',
  'may not be dropped on a file that holds an unpromoted one of its side': 'nifu',
  'may not be dropped to give mate at once': 'noDropMate',
  'may promote on reaching the last rank, even without a capture': 'lastRank',
  'must promote on reaching the last rank': 'mustLast',
  'must promote on reaching the last rank, and may not be dropped there': 'mustLastDrop',
  'must promote on reaching the last two ranks': 'mustLastTwo',
  'must promote on reaching the last two ranks, and may not be dropped there': 'mustLastTwoDrop',
  'never crosses the river': 'neverCrosses',
  'royal: a player who has lost every royal piece loses': 'royalLoses',
  'royal: it may never be left in check': 'royalCheck',
  'stays inside the palace': 'palace',
};

export const legendText = (text: string) => (LEGEND[text] ? t(`guide.legend.${LEGEND[text]}`) : text);
export const noteText = (text: string) => (NOTES[text] ? t(`guide.notes.${NOTES[text]}`) : text);
