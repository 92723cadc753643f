// The rain check's public face (docs/screens.md#features-and-their-public-faces): the dialog the desk
// planner opens. Everything else in features/rain-check is its inside.
export { RainCheckDialog } from './components/rain-check-dialog';
