import { render } from 'preact';
import { App } from './shell';
import './styles.css';

render(<App />, document.getElementById('app')!);
