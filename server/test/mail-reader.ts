/** A received mail as a person reads it: the one MIME reader of the tests, shared with the browser tests. */
export { readMail, type ReadableMail as ReadMail } from '../../tests/support/mime.js';
