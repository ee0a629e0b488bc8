export { ConsoleApp as default } from '../app/console-app';
