// What the error display takes: the message, the server's error items (the first picks the view), an
// optional request-access link, the SQL a position points into, and the Close / Copy handlers.
import type { SupersetErrorItem } from '../../../../shared/errors';

export interface ErrorMessageProps {
  message: string;
  errors?: SupersetErrorItem[];
  link?: string | null;
  sql?: string;
  onClose?: () => void;
  onCopy?: (text: string) => void;
}
