/**
 * Message catalogues by language, one JSON file each (en.json holds the ids). A locale without
 * its own catalogue is served by its language's (fr-ca → fr) or, for Hong Kong, Traditional
 * Chinese; English is the last resort.
 */
import ar from './ar.json';
import bg from './bg.json';
import bs from './bs.json';
import ca from './ca.json';
import cs from './cs.json';
import cy from './cy.json';
import da from './da.json';
import de from './de.json';
import el from './el.json';
import en from './en.json';
import es from './es.json';
import et from './et.json';
import eu from './eu.json';
import fa from './fa.json';
import fi from './fi.json';
import fil from './fil.json';
import fr from './fr.json';
import ga from './ga.json';
import gl from './gl.json';
import he from './he.json';
import hi from './hi.json';
import hr from './hr.json';
import hu from './hu.json';
import id from './id.json';
import is from './is.json';
import it from './it.json';
import ja from './ja.json';
import ko from './ko.json';
import lt from './lt.json';
import lv from './lv.json';
import ms from './ms.json';
import nb from './nb.json';
import nl from './nl.json';
import pl from './pl.json';
import pt from './pt.json';
import pt_br from './pt-br.json';
import ro from './ro.json';
import ru from './ru.json';
import sk from './sk.json';
import sl from './sl.json';
import sr from './sr.json';
import sv from './sv.json';
import th from './th.json';
import tr from './tr.json';
import uk from './uk.json';
import ur from './ur.json';
import vi from './vi.json';
import zh from './zh.json';
import zh_tw from './zh-tw.json';

import type { Messages } from '../translate';

export const CATALOGUES: Readonly<Record<string, Messages>> = {
  'ar': ar,
  'bg': bg,
  'bs': bs,
  'ca': ca,
  'cs': cs,
  'cy': cy,
  'da': da,
  'de': de,
  'el': el,
  'en': en,
  'es': es,
  'et': et,
  'eu': eu,
  'fa': fa,
  'fi': fi,
  'fil': fil,
  'fr': fr,
  'ga': ga,
  'gl': gl,
  'he': he,
  'hi': hi,
  'hr': hr,
  'hu': hu,
  'id': id,
  'is': is,
  'it': it,
  'ja': ja,
  'ko': ko,
  'lt': lt,
  'lv': lv,
  'ms': ms,
  'nb': nb,
  'nl': nl,
  'pl': pl,
  'pt': pt,
  'pt-br': pt_br,
  'ro': ro,
  'ru': ru,
  'sk': sk,
  'sl': sl,
  'sr': sr,
  'sv': sv,
  'th': th,
  'tr': tr,
  'uk': uk,
  'ur': ur,
  'vi': vi,
  'zh': zh,
  'zh-tw': zh_tw,
};

/** Locales served by another catalogue than their language's own. */
export const CATALOGUE_ALIASES: Readonly<Record<string, string>> = { 'zh-hk': 'zh-tw' };
