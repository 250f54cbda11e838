// A piece's name in the page's language, from the English name the server gives it
// (`/api/variants`, `/api/rules/GAME/pieces`): 獅子 for the Lion, 车 for the Chariot, 飛車（成）
// for Chu Shogi's promoted Gold (a "Rook-mover"), as lishogi writes a promoted piece. The
// catalog keys are the English names in camelCase ("Ram's-Head Soldier" -> ramsHeadSoldier), one
// list per game (pieces.chushogi.*, pieces.chuseireigi.*, pieces.xiangqi.*); a name the catalog
// lacks is shown as the server wrote it.
import { nameKey, t } from '../i18n';

export const pieceName = (game: string, name: string) => t(`pieces.${game}.${nameKey(name)}`, { defaultValue: name });
