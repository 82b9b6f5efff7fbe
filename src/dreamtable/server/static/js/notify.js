// "Your turn": the page's title changes and a short tone sounds when the seat becomes one that
// must act (the tone is made by the page: no sound file, nothing fetched). The tone can be muted,
// and the choice is remembered.

const MUTED = "dreamtable.muted";

export class Notifier {
  constructor(button, words) {
    this.button = button;
    this.words = words;
    this.title = document.title;
    this.wasActing = false;
    this.muted = localStorage.getItem(MUTED) === "1";
    button.addEventListener("click", () => {
      this.muted = !this.muted;
      localStorage.setItem(MUTED, this.muted ? "1" : "0");
      this.show();
    });
    this.show();
  }

  setTitle(title) {
    this.title = title;
    document.title = title;
  }

  show() {
    this.button.setAttribute("aria-pressed", String(!this.muted));
    this.button.textContent = this.words.t(this.muted ? "common.sound.off" : "common.sound.on");
  }

  update(view) {
    const acting = view.seat !== null && !view.outcome && view.actors.includes(view.seat);
    document.title = acting ? `● ${this.words.t("common.your-turn")} — ${this.title}` : this.title;
    if (acting && !this.wasActing) this.beep();
    this.wasActing = acting;
  }

  beep() {
    if (this.muted || !window.AudioContext) return;
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = 660;
      volume.gain.setValueAtTime(0.08, audio.currentTime);
      volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      tone.connect(volume).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
      tone.onended = () => audio.close();
    } catch { /* no sound on this device */ }
  }
}
