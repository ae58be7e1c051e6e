import PodlineCLI

PodlineCommand.launch()
