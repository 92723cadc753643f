// The check-ins feature's public face (docs/screens.md#features-and-their-public-faces): the camera's QR
// reader, which the coach's session page also uses to take attendance by card.
export { default as CameraScanner } from './components/camera-scanner';
