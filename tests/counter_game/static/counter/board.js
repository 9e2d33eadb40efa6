// The counter game's board: a click on +n sends {type: "add", amount: n}.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-add]");
  if (button && window.Play && !window.Play.busy) {
    window.Play.send({ type: "add", amount: Number(button.dataset.add) }).catch(() => {});
  }
});
