// Rison decoding of a request's `q` without the rison package's console.log of every parse error
// (its parser logs "rison parser error: ..." before reporting it, which put a line per bad request into
// the function logs). A bad value still throws, for the caller's 400.
import rison from 'rison';

interface RisonParser {
  message: string | null;
  error(message: string): undefined;
  parse(text: string): unknown;
}
type ParserClass = new (onError: (message: string) => void) => RisonParser;

const Parser = (rison as unknown as { parser: ParserClass }).parser;

export function risonDecode(text: string): unknown {
  const parser = new Parser((message) => {
    throw new Error(`rison decoder error: ${message}`);
  });
  parser.error = function quietError(message: string) {
    this.message = message;
    return undefined;
  };
  return parser.parse(text);
}
