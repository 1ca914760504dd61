// The admin panel's script (/assets/admin.js): mounts the app into the shell's #app.
import { render } from 'preact';
import { html } from '../renderer/html.ts';
import { App } from './app.ts';

render(html`<${App} />`, document.getElementById('app')!);
