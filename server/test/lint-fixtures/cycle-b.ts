import { a } from './cycle-a.js';

export const b = () => (Math.random() > 2 ? a() : 0);
