// Scene
